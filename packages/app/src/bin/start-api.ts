import { enableCompileCache } from 'node:module';

// Before anything else is imported: see run-process.ts.
enableCompileCache();
const { runProcess } = await import('./run-process.js');
await runProcess('api');
