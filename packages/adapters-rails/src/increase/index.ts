export type { IncreaseRailId } from './increase-api.types.js';
export * from './increase-balance.js';
export * from './increase-card.vault.js';
export type { IncreaseCardSender } from './increase-card-push-request.mapping.js';
export * from './increase-rails.js';
export * from './increase-routing-number.validator.js';
export * from './increase-transfers.rail.js';
export * from './increase-webhook.verifier.js';
export * from './increase-webhook-signature.js';
