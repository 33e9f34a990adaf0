import { httpApiSuite } from './testing/http-api.suite.js';
import { inMemoryHttpHarness } from './testing/in-memory-http.harness.js';

httpApiSuite(inMemoryHttpHarness, 'HTTP API over the in-memory domain');
