import { enableCompileCache } from 'node:module';
import type { ProcessRole } from '../config/config.js';

// Before anything else is imported: see run-process.ts.
enableCompileCache();
const { runProcess } = await import('./run-process.js');
// API and workers in one process unless PROCESS_ROLE says api or worker (configuration rejects other values).
await runProcess((process.env.PROCESS_ROLE || 'all') as ProcessRole);
