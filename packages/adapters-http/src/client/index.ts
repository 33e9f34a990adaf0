export * from './payout-api.client.js';
export type { components, operations, paths, webhooks } from './payout-api.generated.js';
