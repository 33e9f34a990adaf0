// Barrel of the accounts use cases; each use case file adds its export here.
export {};
