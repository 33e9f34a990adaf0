export * from './report-columns.js';
export * from './send-csv.js';
