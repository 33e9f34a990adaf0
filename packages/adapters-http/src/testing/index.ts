export * from './api-client.js';
export * from './browser-page.js';
export * from './cents-trigger.rail.js';
export * from './headless-chromium.js';
export * from './http-api.suite.js';
export * from './http-harness.js';
export * from './in-memory-http.harness.js';
export * from './link-bodies.fixture.js';
