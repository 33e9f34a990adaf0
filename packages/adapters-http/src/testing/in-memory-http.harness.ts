import type { AddressInfo } from 'node:net';
import {
  assembleUseCases,
  createRailRegistry,
  DEFAULT_WEBHOOK_CLAIM_LEASE_MS,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
  DEFAULT_WITHDRAWAL_SETTINGS,
  RAIL_IDS,
} from '@payout/domain';
import {
  FakeSecretGenerator,
  InMemoryUnitOfWork,
  RecordingCardVault,
  RecordingWebhookSender,
  SequentialIds,
} from '@payout/domain/testing';
import jwt from 'jsonwebtoken';
import { createHttpApp } from '../app/create-http-app.js';
import type { HttpAppDeps, HttpUseCases } from '../app/http-app-deps.js';
import { JwtTokenVerifier } from '../auth/jwt-token-verifier.js';
import { createLogger } from '../logging/logger.js';
import { OutboundAddressPolicy } from '../outbound/outbound-address.policy.js';
import { createWithdrawalRateLimiter } from '../rate-limit/withdrawal-rate-limiter.js';
import { createApiServer, DEFAULT_HTTP_LIMITS, type HttpServerLimits } from '../server/api-server.js';
import { CentsTriggerRail } from './cents-trigger.rail.js';
import type { HttpHarness, MintOptions, TokenClaims } from './http-harness.js';

export const HARNESS_JWT = {
  secret: 'in-memory-harness-secret-0123456789abcdef',
  issuer: 'payout-tests',
  audience: 'payout-api',
};

/** Every use case over the domain's in-memory adapters, with a wall clock (JWT expiry is real time). */
export function inMemoryUseCases(unitOfWork = new InMemoryUnitOfWork()): HttpUseCases {
  return assembleUseCases(
    {
      unitOfWork,
      rails: createRailRegistry(RAIL_IDS.map((id) => new CentsTriggerRail(id))),
      clock: { now: () => new Date() },
      ids: new SequentialIds(),
      secrets: new FakeSecretGenerator(),
      sender: new RecordingWebhookSender(),
      random: () => 0.5,
      cardVault: new RecordingCardVault(),
      outboundUrls: new OutboundAddressPolicy({ publicOnly: false }),
    },
    {
      withdrawal: DEFAULT_WITHDRAWAL_SETTINGS,
      webhooks: {
        retryScheduleMs: DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
        jitterRatio: 0,
        claimLeaseMs: DEFAULT_WEBHOOK_CLAIM_LEASE_MS,
      },
    },
  );
}

export function mintHarnessToken(
  claims: TokenClaims,
  options: MintOptions = {},
  secret = HARNESS_JWT.secret,
): string {
  return jwt.sign({ ...claims }, secret, {
    algorithm: 'HS256',
    expiresIn: options.expiresInSeconds ?? 3600,
    issuer: HARNESS_JWT.issuer,
    audience: options.audience ?? HARNESS_JWT.audience,
  });
}

/** Deps of an app over the in-memory domain; override any of them per test. */
export function inMemoryHttpDeps(overrides: Partial<HttpAppDeps> = {}): HttpAppDeps {
  return {
    useCases: inMemoryUseCases(),
    tokenVerifier: new JwtTokenVerifier({ ...HARNESS_JWT, algorithms: ['HS256'] }),
    withdrawalRateLimiter: createWithdrawalRateLimiter({ pointsPerMinute: 1, keyPrefix: 'test-withdrawal' }),
    logger: createLogger({ level: 'silent' }),
    readiness: async () => ({ memory: { ok: true } }),
    trustProxy: false,
    ...overrides,
  };
}

/** Starts an app on 127.0.0.1 on a free port, on the API's own server (createApiServer) with `limits`. */
export async function startHttpApp(
  deps: HttpAppDeps,
  limits: HttpServerLimits = DEFAULT_HTTP_LIMITS,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createApiServer(createHttpApp({ bodyTimeoutMs: limits.bodyTimeoutMs, ...deps }), limits);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function inMemoryHttpHarness(): Promise<HttpHarness> {
  const started = await startHttpApp(inMemoryHttpDeps());
  return { ...started, mintToken: mintHarnessToken };
}
