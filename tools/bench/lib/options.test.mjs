import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { readOptions, SERVICE_NODE_FLAGS, startScriptFlags } from './options.mjs';

describe('bench options', () => {
  it('runs the full sizes by default and small ones with --quick', () => {
    const full = readOptions([], {});
    expect(full).to.include({ mode: 'full', connections: 32, burst: 10_000, large: 1_000_000, seconds: 30 });
    const quick = readOptions(['--quick'], {});
    expect(quick).to.include({ mode: 'quick', burst: 2_000, large: 100_000, seconds: 10, small: 10_000 });
  });

  it('takes explicit sizes and Redis from the environment, the flag first', () => {
    const options = readOptions(['--quick', '--burst', '500', '--growth', '200'], {
      REDIS_URL: 'redis://r:1',
    });
    expect(options).to.include({ burst: 500, growth: 200, sustained: 4_000, redisUrl: 'redis://r:1' });
    expect(readOptions(['--redis-url', 'redis://x:2'], { REDIS_URL: 'redis://r:1' }).redisUrl).to.equal(
      'redis://x:2',
    );
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => readOptions(['--burst', '0'], {})).to.throw(/--burst must be a positive integer/);
    expect(() => readOptions(['--seconds', '1.5'], {})).to.throw(/--seconds/);
  });

  it('reads the Node flags of each start script', () => {
    expect(
      startScriptFlags('npm run build && node --a=1 -b packages/app/dist/bin/start-api.js'),
    ).to.deep.equal(['--a=1', '-b']);
    expect(startScriptFlags('node packages/app/dist/bin/start.js')).to.deep.equal([]);
    const scripts = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ).scripts;
    expect(SERVICE_NODE_FLAGS.worker).to.deep.equal(startScriptFlags(scripts['start:worker']));
    expect(SERVICE_NODE_FLAGS.api.length).to.be.above(0);
  });
});
