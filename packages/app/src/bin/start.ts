import type { ProcessRole } from '../config/config.js';
import { runProcess } from './run-process.js';

// API and workers in one process unless PROCESS_ROLE says api or worker (configuration rejects other values).
await runProcess((process.env.PROCESS_ROLE || 'all') as ProcessRole);
