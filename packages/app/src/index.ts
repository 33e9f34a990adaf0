export * from './config/config.js';
export * from './container/use-cases.js';
