import { createLogger } from '@payout/adapters-http';
import { ApiClient, HARNESS_JWT, mintHarnessToken } from '@payout/adapters-http/testing';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import type { UnitOfWork } from '@payout/domain';
import { expect } from 'chai';
import { loadConfig } from '../config/config.js';
import { TOKENS } from '../container/tokens.js';
import { type RunningService, startService } from './start-service.js';

const ROUNDS = 5;

/**
 * Two withdrawals on one merchant-funded payment link at the same moment, on PostgreSQL: the debit locks the
 * link's token with the wallet, so exactly one pays and the other is refused, whatever the interleaving.
 */
describe('Concurrent withdrawals on one payment link (PostgreSQL)', function () {
  this.timeout(60_000);
  let service: RunningService;
  let drop: () => Promise<void>;
  let api: ApiClient;
  let store: UnitOfWork;

  before(async () => {
    const database = await scratchDatabase('link_race');
    drop = database.drop;
    const result = loadConfig({
      APP_ENV: 'development',
      PROCESS_ROLE: 'api',
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: HARNESS_JWT.secret,
      JWT_ISSUER: HARNESS_JWT.issuer,
      JWT_AUDIENCE: HARNESS_JWT.audience,
      // Both withdrawals come from one entity and one address: the limiter must let both reach the debit.
      WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'silent',
    });
    if (!result.ok) throw new Error(result.errors.join('; '));
    service = await startService(result.config, createLogger({ level: 'silent' }));
    api = new ApiClient({
      baseUrl: service.url as string,
      mintToken: (claims, options) => mintHarnessToken(claims, options),
      close: async () => undefined,
    });
    store = await service.container.getAsync(TOKENS.unitOfWork);
  });

  after(async () => {
    await service?.stop();
    await drop?.();
  });

  it('pays once; the other withdrawal gets 400 "Token expired or inactive"', async () => {
    const merchant = await api.merchant();
    await api.credit(merchant.walletId, '1000.00');
    const entity = await api.entity(merchant, '0');
    const body = { amount: 25, walletType: 'SPEND', transactionType: 'payout' };
    for (let round = 0; round < ROUNDS; round++) {
      const link = { purpose: 'PAYMENT_LINK', withdrawalSource: 'MERCHANT_WALLET', amount: '25.00' };
      const appToken = await api.applicationToken(entity.id, link);
      const accounts = [await api.link(entity, 'bank', appToken), await api.link(entity, 'bank', appToken)];
      const answers = await Promise.all(accounts.map((account) => api.withdraw(entity, account, body)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).to.deep.equal([200, 400]);
      const refused = answers.find((a) => a.status === 400);
      expect(refused?.json).to.include({
        code: 'TOKEN_EXPIRED_OR_INACTIVE',
        message: 'Token expired or inactive',
      });
    }
    const wallet = await store.read.wallets.findById(merchant.walletId);
    expect(wallet?.balance.toString()).to.equal((1000 - ROUNDS * 25.25).toFixed(2));
  });
});
