import { expect } from 'chai';
import { JsonNumber } from '../../money/money.js';
import { activeSecrets } from '../../webhooks/webhook-endpoint.js';
import {
  CreateEntity,
  CreateMerchant,
  CreditWallet,
  describeLedgerReport,
  IssueApplicationToken,
  SetWebhookEndpoint,
  UpdateMerchant,
  UpdateWallet,
  VerifyLedger,
} from './index.js';
import { merchantWithEntity, OPERATOR, operatorDeps } from './operator-world.fixture.js';

const operator = OPERATOR;
const merchantUser = { subject: 'm', merchantId: 'x', entityId: null, scopes: new Set(['merchant.apis']) };

async function setup() {
  const deps = operatorDeps();
  const { merchant, entity } = await merchantWithEntity(deps, {
    entityType: 'BUSINESS',
    email: 'b@example.com',
  });
  return { deps, merchant, entity };
}

describe('Operator use cases', () => {
  it('require the operator scope', async () => {
    const { deps } = await setup();
    const result = await new CreateMerchant(deps).execute(merchantUser, { name: 'Nope' });
    expect(!result.ok && result.error.code).to.equal('UNAUTHORIZED');
  });

  it('create a merchant with its MERCHANT wallet and an entity with its SPEND wallet', async () => {
    const { deps, merchant, entity } = await setup();
    for (const name of ['', '   ', 'x'.repeat(201)]) {
      const refused = await new CreateMerchant(deps).execute(operator, { name });
      expect(!refused.ok && refused.error.message).to.equal(
        'name must be a non-blank string of at most 200 characters',
      );
    }
    expect(merchant.wallet).to.deep.include({ walletType: 'MERCHANT', balance: '0.00' });
    expect(entity.wallet).to.deep.include({ walletType: 'SPEND', ownerId: entity.id });
    expect(deps.unitOfWork.state.entities.get(entity.id)?.walletId).to.equal(entity.wallet.id);
    const bad = await new CreateEntity(deps).execute(operator, merchant.id, {
      entityType: 'ROBOT',
      email: 'x@y.z',
    });
    expect(!bad.ok && bad.error.details?.field).to.equal('entityType');
    const missing = await new CreateEntity(deps).execute(operator, 'no-such-merchant', {
      entityType: 'USER',
      email: 'x@y.z',
    });
    expect(!missing.ok && missing.error.code).to.equal('NOT_FOUND');
  });

  it('credit a wallet through a balanced posting, exactly, and the ledger verifies', async () => {
    const { deps, entity } = await setup();
    const credit = new CreditWallet(deps);
    for (const amount of [JsonNumber.of('0.1'), JsonNumber.of('0.2'), '1000000.05'])
      await credit.execute(operator, entity.wallet.id, { amount });
    const wallet = deps.unitOfWork.state.wallets.get(entity.wallet.id);
    expect(wallet?.balance.toString()).to.equal('1000000.35');
    const bad = await credit.execute(operator, entity.wallet.id, { amount: JsonNumber.of('0.001') });
    expect(!bad.ok && bad.error.code).to.equal('VALIDATION_ERROR');
    const report = await new VerifyLedger(deps).execute();
    expect(report.ok).to.equal(true);
  });

  it('refuse a credit the numeric(20,2) balance could not hold, changing nothing', async () => {
    const { deps, entity } = await setup();
    const credit = new CreditWallet(deps);
    const full = await credit.execute(operator, entity.wallet.id, { amount: '999999999999999999.00' });
    expect(full.ok).to.equal(true);
    const over = await credit.execute(operator, entity.wallet.id, { amount: JsonNumber.of('1') });
    expect(!over.ok && over.error.details?.field).to.equal('amount');
    const huge = await credit.execute(operator, entity.wallet.id, { amount: JsonNumber.of('1e308') });
    expect(!huge.ok && huge.error.message).to.equal('amount must be at most 999999999999999999.99');
    expect(deps.unitOfWork.state.wallets.get(entity.wallet.id)?.balance.toString()).to.equal(
      '999999999999999999.00',
    );
    const report = await new VerifyLedger(deps).execute();
    expect(report.ok).to.equal(true);
  });

  it('VerifyLedger names a wallet whose balance drifted from its postings', async () => {
    const { deps, entity } = await setup();
    await new CreditWallet(deps).execute(operator, entity.wallet.id, { amount: JsonNumber.of('10') });
    const wallet = deps.unitOfWork.state.wallets.get(entity.wallet.id);
    if (wallet)
      deps.unitOfWork.state.wallets.set(wallet.id, {
        ...wallet,
        balance: wallet.balance.plus(wallet.balance),
      });
    const report = await new VerifyLedger(deps).execute();
    expect(report.ok).to.equal(false);
    expect(describeLedgerReport(report)).to.include(entity.wallet.id);
  });

  it('update merchant settings and wallet flags', async () => {
    const { deps, merchant, entity } = await setup();
    const updated = await new UpdateMerchant(deps).execute(operator, merchant.id, {
      payoutsEnabled: false,
      approvalThreshold: '250.00',
    });
    expect(updated.ok && updated.value).to.deep.include({
      payoutsEnabled: false,
      approvalThreshold: '250.00',
    });
    const disabled = await new UpdateWallet(deps).execute(operator, entity.wallet.id, { disabled: true });
    expect(disabled.ok && disabled.value.disabled).to.equal(true);
    const bad = await new UpdateWallet(deps).execute(operator, entity.wallet.id, { disabled: 'yes' });
    expect(!bad.ok && bad.error.code).to.equal('VALIDATION_ERROR');
  });

  it('issue application tokens stored only as a hash', async () => {
    const { deps, entity } = await setup();
    const issue = new IssueApplicationToken(deps);
    const issued = await issue.execute(operator, {
      entityId: entity.id,
      purpose: 'PAYMENT_LINK',
      amount: JsonNumber.of('25'),
      withdrawalSource: 'MERCHANT_WALLET',
    });
    if (!issued.ok) throw new Error(issued.error.message);
    const stored = [...deps.unitOfWork.state.applicationTokens.values()][0];
    expect(stored?.tokenHash).to.equal(deps.secrets.hash(issued.value.token));
    expect(JSON.stringify(stored)).to.not.include(`"${issued.value.token}"`);
    const noAmount = await issue.execute(operator, {
      entityId: entity.id,
      purpose: 'PAYMENT_LINK',
      withdrawalSource: 'MERCHANT_WALLET',
    });
    expect(!noAmount.ok && noAmount.error.details?.field).to.equal('amount');
  });

  it('rotate the webhook secret keeping the old one signing for 24 h', async () => {
    const { deps, merchant } = await setup();
    const set = new SetWebhookEndpoint(deps);
    const first = await set.execute(operator, merchant.id, { url: 'https://example.com/hooks' });
    const second = await set.execute(operator, merchant.id, { url: 'https://example.com/hooks' });
    if (!first.ok || !second.ok) throw new Error('endpoint');
    const endpoint = deps.unitOfWork.state.webhookEndpoints.get(
      [...deps.unitOfWork.state.webhookEndpoints.keys()][0] as string,
    );
    if (!endpoint) throw new Error('no endpoint');
    expect(activeSecrets(endpoint, deps.clock.now())).to.deep.equal([
      second.value.secret,
      first.value.secret,
    ]);
    deps.clock.advance(24 * 3600 * 1000 + 1);
    expect(activeSecrets(endpoint, deps.clock.now())).to.deep.equal([second.value.secret]);
    for (const url of ['ftp://nope', 'http://[::1', 'https://a:b:c:d/']) {
      const bad = await set.execute(operator, merchant.id, { url });
      expect(!bad.ok && bad.error.code, url).to.equal('VALIDATION_ERROR');
    }
    const faults = {
      'https://user:pass@hooks.example.com/': 'url must not carry a user name or password',
      'https://user@hooks.example.com/': 'url must not carry a user name or password',
    };
    for (const [url, message] of Object.entries(faults)) {
      const bad = await set.execute(operator, merchant.id, { url });
      expect(!bad.ok && bad.error.message, url).to.equal(message);
    }
  });

  it('refuses with 400 on url an address the outbound URL policy refuses, and stores nothing', async () => {
    const { deps, merchant } = await setup();
    const asked: string[] = [];
    const set = new SetWebhookEndpoint({
      ...deps,
      outboundUrls: {
        refusal: async (url: URL) => {
          asked.push(url.href);
          return url.hostname === 'inside.example' ? 'url must not name an internal address' : null;
        },
      },
    });
    const refused = await set.execute(operator, merchant.id, { url: 'https://inside.example/hooks' });
    expect(!refused.ok && refused.error).to.deep.include({
      code: 'VALIDATION_ERROR',
      message: 'url must not name an internal address',
      details: { field: 'url' },
    });
    expect(deps.unitOfWork.state.webhookEndpoints.size).to.equal(0);
    expect((await set.execute(operator, merchant.id, { url: 'https://hooks.example/h' })).ok).to.equal(true);
    expect(asked).to.deep.equal(['https://inside.example/hooks', 'https://hooks.example/h']);
  });
});
