import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { readOptions, startScriptFlags } from './options.mjs';

describe('bench options', () => {
  it('runs the issue’s full sizes by default and small ones with --quick', () => {
    const full = readOptions([], {});
    expect(full).to.include({ mode: 'full', connections: 32, requests: 10_000, large: 1_000_000 });
    const quick = readOptions(['--quick'], {});
    expect(quick).to.include({ mode: 'quick', connections: 32, requests: 2_000 });
    expect(quick.large).to.be.below(1_000_000);
  });

  it('re-warms after the ANALYZE unless told --rewarm 0, and refuses a count that is not whole', () => {
    expect(readOptions([], {}).rewarm).to.equal(1_000);
    expect(readOptions(['--quick'], {}).rewarm).to.be.within(1, 999);
    expect(readOptions(['--rewarm', '0'], {}).rewarm).to.equal(0);
    expect(() => readOptions(['--rewarm=-1'], {})).to.throw(/whole number/);
    expect(() => readOptions(['--rewarm', '2.5'], {})).to.throw(/whole number/);
  });

  it('takes explicit sizes and the database from the environment', () => {
    const options = readOptions(['--quick', '--requests', '50', '--connections', '8'], {
      BENCH_DATABASE_URL: 'postgres://bench@db:5433/postgres',
    });
    expect(options).to.include({
      requests: 50,
      connections: 8,
      databaseUrl: 'postgres://bench@db:5433/postgres',
    });
  });

  it('starts the service with the Node flags of its start script unless told otherwise', () => {
    expect(
      startScriptFlags('npm run build && node --max-semi-space-size=2 packages/app/dist/bin/start-api.js'),
    ).to.equal('--max-semi-space-size=2');
    expect(startScriptFlags('node packages/app/dist/bin/start-api.js')).to.equal('');
    const both = ['--max-old-space-size=512', '--cpu-prof'];
    expect(readOptions(['--node-flags=--max-old-space-size=512 --cpu-prof'], {}).nodeFlags).to.deep.equal({
      api: both,
      worker: both,
    });
    const scripts = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ).scripts;
    expect(readOptions([], {}).nodeFlags).to.deep.equal({
      api: startScriptFlags(scripts['start:api']).split(' ').filter(Boolean),
      worker: startScriptFlags(scripts['start:worker']).split(' ').filter(Boolean),
    });
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => readOptions(['--requests', '0'], {})).to.throw(/--requests must be a positive integer/);
    expect(() => readOptions(['--seconds', 'ten'], {})).to.throw(/--seconds/);
  });
});
