export * from './operator-reports.use-case.js';
