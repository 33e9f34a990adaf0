export * from './job-queue.settings.js';
export * from './pg-boss.factory.js';
export * from './pg-boss.job-queue.js';
export * from './pg-boss.worker-runner.js';
export * from './transaction-jobs.js';
