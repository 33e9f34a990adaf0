export type { FetchFunction } from './http/fetch-transport.js';
export * from './increase/index.js';
export * from './modern-treasury/index.js';
export * from './observed/observed-payout.rail.js';
export * from './observed/rail-calls.recorder.js';
export * from './paypal/index.js';
export * from './simulated/index.js';
export * from './wise/index.js';
