export * from './due-notifications.js';
export * from './leased-queue.runner.js';
export * from './webhook-delivery.queue.js';
