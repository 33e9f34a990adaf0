export * from '../objects/increase-accounts.objects.js';
export * from '../objects/increase-transfers.objects.js';
export * from '../objects/modern-treasury.objects.js';
export { type ReadDay, readWholeDay } from '../records-day.js';
export { checkedFetch, standsInFor } from './checked-fetch.js';
export type { DefinitionProblem, ProviderName } from './provider-definition.js';
export { ProviderDefinition } from './provider-definition.js';
export { ProviderOracle, takeDefinitionViolations } from './provider-oracle.js';
export type { ProviderAnswer } from './provider-refusal.js';
