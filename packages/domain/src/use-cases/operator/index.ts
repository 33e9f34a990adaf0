// Barrel of the operator use cases; each use case file adds its export here.
export {};
