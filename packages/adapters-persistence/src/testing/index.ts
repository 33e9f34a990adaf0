export * from '../partitions/partitioned-rows.fixture.js';
export * from './knex-contract-subject.js';
export * from './pgbouncer.js';
export * from './recording-job-queue.js';
export * from './streaming-replica.js';
export * from './test-database.js';
export * from './transaction-cutter.js';
