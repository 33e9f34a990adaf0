export * from './job-queue.settings.js';
export * from './job-statements.js';
export * from './pg-boss.factory.js';
export * from './pg-boss.job-statements.js';
export * from './pg-boss.worker-runner.js';
