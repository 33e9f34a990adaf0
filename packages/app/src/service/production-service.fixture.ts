import { createLogger } from '@payout/adapters-http';
import { HARNESS_JWT, mintHarnessToken } from '@payout/adapters-http/testing';
import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { type Customer, type CustomerOptions, seedCustomer } from '@payout/domain/testing';
import { type RunningService, startService } from '../bin/start-service.js';
import { configFor } from '../config/config.fixture.js';
import { TOKENS } from '../container/tokens.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { VerifyingWebhookReceiver } from '../e2e/support/verifying-webhook.receiver.js';

/** The merchants' webhook secret in these suites. */
const MERCHANT_SECRET = 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0';

export interface IncreaseProduction {
  readonly databaseUrl: string;
  readonly service: RunningService;
  readonly url: string;
  readonly increase: FakeIncrease;
  readonly receiver: VerifyingWebhookReceiver;
  /** A funded customer whose merchant listens on `receiver`. */
  customer(options?: CustomerOptions): Promise<Customer>;
}

/**
 * For the suite's lifetime: a scratch database, a local fake of Increase, a merchant webhook receiver, and the
 * service in production wiring with `env` (given the database's and the fake's URLs) on them.
 */
export function useIncreaseProduction(
  name: string,
  env: (databaseUrl: string, increaseUrl: string) => Record<string, string>,
): () => IncreaseProduction {
  let database: ScratchDatabase;
  let world: IncreaseProduction;
  before(async () => {
    database = await scratchDatabase(name);
    const increase = await FakeIncrease.start();
    const receiver = await VerifyingWebhookReceiver.start();
    receiver.useSecret(MERCHANT_SECRET);
    const service = await startService(
      configFor(env(database.url, increase.url)),
      createLogger({ level: 'silent' }),
    );
    const listening = { url: receiver.url, secret: MERCHANT_SECRET };
    world = {
      databaseUrl: database.url,
      service,
      url: service.url as string,
      increase,
      receiver,
      customer: (options) => listeningCustomer(service, listening, options),
    };
  });
  after(async () => {
    await world?.service.stop();
    await world?.receiver.close();
    await world?.increase.close();
    await database?.drop();
  });
  return () => world;
}

/** Production on the database at `databaseUrl`, with the harness's JWT settings; RAILS and providers are the caller's. */
export const productionEnvOn = (databaseUrl: string): Record<string, string> => ({
  APP_ENV: 'production',
  DATABASE_URL: databaseUrl,
  PORT: '0',
  HOST: '127.0.0.1',
  JWT_SECRET: HARNESS_JWT.secret,
  JWT_ISSUER: HARNESS_JWT.issuer,
  JWT_AUDIENCE: HARNESS_JWT.audience,
  ENCRYPTION_KEY: 'ab'.repeat(32),
  JOB_QUEUE_PROFILE: 'fast',
  // The merchants' receivers of these suites listen on loopback: allow-listed on purpose, as a private one would be.
  OUTBOUND_ALLOWED_CIDRS: '127.0.0.0/8',
});

/** A funded customer (seedCustomer) whose merchant's webhook endpoint is `receiverUrl`, signed with `secret`. */
export async function listeningCustomer(
  service: RunningService,
  receiver: { readonly url: string; readonly secret: string },
  options: CustomerOptions = {},
): Promise<Customer> {
  const unitOfWork = await service.container.getAsync(TOKENS.unitOfWork);
  const ids = service.container.get(TOKENS.ids);
  const seeded = await seedCustomer(unitOfWork, ids, new Date(), options);
  await unitOfWork.run((tx) =>
    tx.webhookEndpoints.save({
      id: ids.next(),
      merchantId: seeded.merchantId,
      url: receiver.url,
      secrets: [{ secret: receiver.secret, expiresAt: null }],
      disabled: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    }),
  );
  return seeded;
}

/** The customer's withdrawal request to the linked account `accountId`, as the spec's endpoint 7 takes it. */
export async function requestWithdrawal(
  service: RunningService,
  customer: Customer,
  accountId: string,
  body: object,
): Promise<{ status: number; json: { data: { id: string }; message: string } }> {
  const token = mintHarnessToken({
    sub: customer.principal.subject,
    scope: 'external.apis',
    merchant_id: customer.merchantId,
    entity_id: customer.entityId,
  });
  const res = await fetch(`${service.url}/v1/ext/linked-accounts/USD/${accountId}/withdrawal`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ walletType: 'SPEND', ...body }),
  });
  return { status: res.status, json: (await res.json()) as { data: { id: string }; message: string } };
}
