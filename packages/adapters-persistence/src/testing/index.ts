export * from './recording-job-queue.js';
export * from './test-database.js';
