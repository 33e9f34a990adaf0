// Barrel of the withdrawals use cases; each use case file adds its export here.
export {};
