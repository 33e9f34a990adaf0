export type { ModernTreasuryRailId } from './modern-treasury-api.types.js';
export * from './modern-treasury-balance.js';
export { ModernTreasuryCardVault } from './modern-treasury-card.vault.js';
export * from './modern-treasury-payment-orders.rail.js';
export * from './modern-treasury-rails.js';
export * from './modern-treasury-records.reader.js';
export * from './modern-treasury-routing-number.validator.js';
export * from './modern-treasury-webhook.verifier.js';
