import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import { WithdrawalWorld } from '../withdrawal-world.fixture.js';
import { GetTransaction } from './get-transaction.use-case.js';
import { GetWebhookPayload } from './get-webhook-payload.use-case.js';

describe('Transaction lookups', () => {
  async function setup() {
    const world = new WithdrawalWorld();
    const c = await world.customer({ approvalThreshold: '500.00' });
    const other = await world.customer();
    const result = await world.request.execute(c.principal, {
      currency: 'USD',
      linkedAccountId: c.accountId,
      body: { amount: JsonNumber.of('700'), walletType: 'SPEND', reason: 'rent' },
    });
    if (!result.ok) throw new Error(result.error.message);
    const merchant = (merchantId: string) => ({
      subject: 'm',
      merchantId,
      entityId: null,
      scopes: new Set(['merchant.apis']),
    });
    return { world, c, other, id: result.value.withdrawal.id, merchant };
  }

  it('returns the webhook body of the current state, AWAITING_APPROVAL as PENDING, stamped now', async () => {
    const { world, c, id, merchant } = await setup();
    world.clock.advance(90_000);
    const result = await new GetWebhookPayload(world.deps).execute(merchant(c.merchantId), id);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.eventType).to.equal('WITHDRAWAL');
    expect(result.value.status).to.equal('PENDING');
    expect(result.value.payload).to.include({
      transactionId: id,
      walletId: c.walletId,
      entityId: c.entityId,
      entityType: 'USER',
      amount: 700,
      currency: 'USD',
      feeCharged: '0.25',
      reason: '',
      entry: 'DEBIT',
      method: 'BANK_TRANSFER',
      timestamp: world.clock.now().getTime(),
    });
  });

  it("answers Transaction not found for another merchant's transaction and for unknown ids", async () => {
    const { world, other, id, merchant } = await setup();
    const lookup = new GetWebhookPayload(world.deps);
    for (const [who, txId] of [
      [merchant(other.merchantId), id],
      [merchant(other.merchantId), '00000000-0000-4000-8000-00000000abcd'],
      [merchant(other.merchantId), 'not-a-uuid'],
    ] as const) {
      const result = await lookup.execute(who, txId);
      expect(!result.ok && result.error.message).to.equal('Transaction not found');
    }
  });

  it('needs merchant.apis for the webhook payload', async () => {
    const { world, c, id } = await setup();
    const result = await new GetWebhookPayload(world.deps).execute(c.principal, id);
    expect(!result.ok && result.error.code).to.equal('UNAUTHORIZED');
  });

  it('shows the status lookup to the merchant and the owning entity only', async () => {
    const { world, c, other, id, merchant } = await setup();
    const lookup = new GetTransaction(world.deps);
    const byMerchant = await lookup.execute(merchant(c.merchantId), id);
    const byEntity = await lookup.execute(c.principal, id);
    const byStranger = await lookup.execute(other.principal, id);
    expect(byMerchant.ok && byMerchant.value).to.deep.include({
      id,
      status: 'AWAITING_APPROVAL',
      amount: '700.00',
      fees: '0.25',
      total: '700.25',
      rail: 'ACH',
      reason: 'rent',
    });
    expect(byEntity.ok && byEntity.value.history.map((h) => h.sequence)).to.deep.equal([1]);
    expect(!byStranger.ok && byStranger.error.code).to.equal('TRANSACTION_NOT_FOUND');
  });
});
