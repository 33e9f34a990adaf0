export * from './months.js';
export * from './partition-maker.js';
export * from './partitioned-tables.js';
export * from './partitions-ahead.job.js';
