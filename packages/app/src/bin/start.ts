import { runProcess } from './run-process.js';

await runProcess('all');
