import './node-version-guard.js';
import type { ProcessRole } from '../config/config.js';

// Imported here rather than statically: on a Node too old for it, the guard above must speak first.
const { enableCompileCache } = await import('node:module');
// Before anything else is imported: see run-process.ts.
enableCompileCache();
// Before the modules it traces (Express, pg, ioredis) are imported; loads nothing unless OTEL_* asks for traces.
await import('./tracing-preload.js');
const { runProcess } = await import('./run-process.js');
// API and workers in one process unless PROCESS_ROLE says api or worker (configuration rejects other values).
await runProcess((process.env.PROCESS_ROLE || 'all') as ProcessRole);
