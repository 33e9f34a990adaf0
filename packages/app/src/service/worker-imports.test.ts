import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';

const START_SERVICE = new URL('../bin/start-service.js', import.meta.url).href;
const BUILD_CONTAINER = new URL('../container/build-container.js', import.meta.url).href;
const HTTP_SERVER = import.meta.resolve('@payout/adapters-http');
const CONFIG = new URL('../config/config.js', import.meta.url).href;

/** Runs `body` (ES module code) in a child process that records every module it loads; answers the loaded URLs. */
async function modulesLoadedRunning(body: string): Promise<string[]> {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    ${body}
    process.stdout.write(JSON.stringify(loaded));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH },
  });
  return JSON.parse(stdout) as string[];
}

/** Starts and stops a service of `role` (in memory, APP_ENV=test); answers the modules it loaded. */
const modulesLoadedBy = (role: 'worker' | 'api'): Promise<string[]> =>
  modulesLoadedRunning(`
    const { loadConfig } = await import(${JSON.stringify(CONFIG)});
    const { startService } = await import(${JSON.stringify(START_SERVICE)});
    const result = loadConfig({ APP_ENV: 'test', PROCESS_ROLE: '${role}', PORT: '0', WORKER_PORT: '0', HOST: '127.0.0.1' });
    const logger = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, child() { return logger; } };
    const service = await startService(result.config, logger);
    await service.stop();
  `);

const express = (urls: string[]) => urls.filter((url) => /\/node_modules\/(express|ajv)\//.test(url));

describe('what a process loads', function () {
  this.timeout(30_000);

  it('a worker does not load the HTTP adapter (Express, ajv): its start-up is mostly loading modules', async () => {
    const worker = await modulesLoadedBy('worker');
    expect(
      worker.some((url) => url.includes('/adapters-http/dist/webhooks/')),
      'the webhook sender',
    ).to.equal(true);
    expect(express(worker)).to.deep.equal([]);
    expect(worker.some((url) => url.includes('/adapters-http/dist/app/'))).to.equal(false);
  });

  it('the API does', async () => {
    expect(express(await modulesLoadedBy('api'))).to.not.deep.equal([]);
  });

  it('the composition root and the API load no test library until APP_ENV=test asks for the in-memory adapters', async () => {
    const loaded = await modulesLoadedRunning(`
      await import(${JSON.stringify(START_SERVICE)});
      await import(${JSON.stringify(BUILD_CONTAINER)});
      await import(${JSON.stringify(HTTP_SERVER)});
    `);
    expect(
      loaded.some((url) => url.includes('/container/postgres.module.js')),
      'the production adapters',
    ).to.equal(true);
    expect(
      loaded.filter((url) => /\/node_modules\/(chai|sinon|nock|mocha)\/|\/dist\/testing\//.test(url)),
    ).to.deep.equal([]);
  });
});
