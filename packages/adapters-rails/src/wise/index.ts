export * from './wise-transfers.rail.js';
