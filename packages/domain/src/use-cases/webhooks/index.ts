export * from './deliver-webhook.use-case.js';
