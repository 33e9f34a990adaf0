import './node-version-guard.js';

// Imported here rather than statically: on a Node too old for it, the guard above must speak first.
const { enableCompileCache } = await import('node:module');
// Before anything else is imported: see run-process.ts.
enableCompileCache();
// Before the modules it traces (Express, pg, ioredis) are imported; loads nothing unless OTEL_* asks for traces.
await import('./tracing-preload.js');
const { runProcess } = await import('./run-process.js');
await runProcess('api');
