export * from './archive.job.js';
export * from './archive-guards.js';
export * from './month-archive.js';
export * from './month-restore.js';
