// Barrel of the webhooks use cases; each use case file adds its export here.
export {};
