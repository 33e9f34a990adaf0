// The rule of outbound addresses, for the API (registration) and the worker (each delivery's connection).

export { parseCidrs } from './address-ranges.js';
export * from './outbound-address.policy.js';
