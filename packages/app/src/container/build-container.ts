import type { Logger } from '@payout/adapters-http/logging';
import { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { coreModule } from './core.module.js';
import { postgresModule } from './postgres.module.js';

/**
 * The composition root and the one place that branches on the environment: `test` runs in memory,
 * `development` and `production` on PostgreSQL (embedded when DATABASE_URL is unset; production requires it,
 * which configuration enforces). Tests may rebind single services on the container this returns.
 */
export async function buildContainer(config: AppConfig, logger: Logger): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.loadAsync(
    coreModule(config, logger),
    config.appEnv === 'test' ? await inMemoryModule() : postgresModule(config, logger),
  );
  return container;
}

/**
 * Imported only for APP_ENV=test: it builds on the domain's testing entry, whose contract suites import chai, a
 * development dependency that a production install (`npm ci --omit=dev`) does not have.
 */
async function inMemoryModule() {
  const { inMemoryModule: module } = await import('./in-memory.module.js');
  return module();
}
