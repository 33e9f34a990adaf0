// The service the sandbox and trigger tests talk to: in this process, in memory, simulated rails, silent.
import { createLogger } from '@payout/adapters-http';
import { loadConfig, startService } from '@payout/app';

/** Starts it in `before` and stops it in `after` of the calling suite; `url` is where it listens. */
export function serviceForSuite(env = {}) {
  let service;
  before(async () => {
    const result = loadConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env });
    if (!result.ok) throw new Error(result.errors.join('; '));
    service = await startService(result.config, createLogger({ level: 'silent' }));
  });
  after(async () => {
    await service?.stop();
  });
  return {
    get url() {
      return service.url;
    },
  };
}
