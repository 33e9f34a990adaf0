import { createLogger } from '@payout/adapters-http';
import { ApiClient, HARNESS_JWT, mintHarnessToken } from '@payout/adapters-http/testing';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { type RunningService, startService } from '../bin/start-service.js';
import { loadConfig } from '../config/config.js';

export interface ApiServiceFixture {
  readonly service: RunningService;
  /** Signs its tokens as the service expects them (the harness's key, issuer and audience). */
  readonly api: ApiClient;
  /** Stops the service and drops its database. */
  stop(): Promise<void>;
}

/**
 * The API process alone (no workers), silent, on a scratch database of its own; `env` adds or overrides settings,
 * `prepare` rebinds what the test replaces (startService).
 */
export async function startApiService(
  databaseName: string,
  env: Readonly<Record<string, string>> = {},
  prepare?: Parameters<typeof startService>[2],
): Promise<ApiServiceFixture> {
  const database = await scratchDatabase(databaseName);
  const result = loadConfig({
    APP_ENV: 'development',
    PROCESS_ROLE: 'api',
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: HARNESS_JWT.secret,
    JWT_ISSUER: HARNESS_JWT.issuer,
    JWT_AUDIENCE: HARNESS_JWT.audience,
    LOG_LEVEL: 'silent',
    ...env,
  });
  if (!result.ok) {
    await database.drop();
    throw new Error(result.errors.join('; '));
  }
  const service = await startService(result.config, createLogger({ level: 'silent' }), prepare);
  const api = new ApiClient({
    baseUrl: service.url as string,
    mintToken: (claims, options) => mintHarnessToken(claims, options),
    close: async () => undefined,
  });
  return {
    service,
    api,
    stop: async () => {
      await service.stop();
      await database.drop();
    },
  };
}
