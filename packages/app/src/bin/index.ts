export * from '../config/config.js';
export * from '../container/use-cases.js';
export * from './start-service.js';
