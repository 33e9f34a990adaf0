// Preload for a service process (`node --import ./tools/bench/heap-sampler.mjs …`): V8's sampling heap profiler,
// keeping the objects garbage collection has already freed, so the profile counts everything a phase allocated,
// not only what was still alive at its end. The first SIGUSR2 starts sampling; the next stops it and writes the
// profile to $HEAP_SAMPLE_FILE (default heap-sample.heapprofile in the working directory), for heap-summary.mjs.
// Used by creation-probe.mjs --heap-profile; any process can be sampled the same way with `kill -USR2 <pid>`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');

let sampling = false;
process.on('SIGUSR2', async () => {
  if (!sampling) {
    sampling = true;
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return;
  }
  sampling = false;
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(process.env.HEAP_SAMPLE_FILE ?? 'heap-sample.heapprofile', JSON.stringify(profile));
});
