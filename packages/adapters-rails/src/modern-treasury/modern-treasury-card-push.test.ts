import { FAILURE_REASONS, Money } from '@payout/domain';
import { expect } from 'chai';
import { useNock } from '../testing/use-nock.js';
import {
  CARD_EXTERNAL_ACCOUNT_ID,
  cardSubmission,
  ORIGINATING_ACCOUNT_ID,
  railOn,
  ScriptedModernTreasury,
} from './modern-treasury-api.fixture.js';
import { railStatusOfPaymentOrder } from './modern-treasury-payment-order-status.mapping.js';

describe('ModernTreasuryPaymentOrderRail PUSH_TO_CARD', () => {
  useNock();

  it("creates one card order to the card's external account, in cents, keyed by the withdrawal id", async () => {
    const mt = new ScriptedModernTreasury();
    const rail = railOn('PUSH_TO_CARD');
    const first = await rail.submit(cardSubmission({ amount: Money.of('1.15') }));
    const again = await rail.submit(cardSubmission({ amount: Money.of('1.15'), attempt: 2 }));
    expect(again).to.deep.equal(first);
    expect(mt.created).to.equal(1);
    expect(mt.keys, 'the retry found the order by its metadata').to.deep.equal(['wd-0001']);
    expect(mt.bodies[0]).to.deep.equal({
      type: 'card',
      direction: 'credit',
      amount: 115,
      currency: 'USD',
      originating_account_id: ORIGINATING_ACCOUNT_ID,
      receiving_account_id: CARD_EXTERNAL_ACCOUNT_ID,
      description: 'Payout wd-0001',
      remittance_information: 'Payout wd-0001',
      metadata: { withdrawal_id: 'wd-0001' },
    });
  });

  it('refuses a card tokenised at another vault, or a link without a card, before any call', async () => {
    const mt = new ScriptedModernTreasury();
    const rail = railOn('PUSH_TO_CARD');
    const elsewhere = await rail.submit(cardSubmission({}, 'increase'));
    expect(elsewhere).to.deep.include({ kind: 'REJECTED', reason: FAILURE_REASONS.CARD });
    const prepaid = await rail.submit(
      cardSubmission({ destination: { kind: 'prepaid_card', details: { firstName: 'Ada', lastName: 'L' } } }),
    );
    expect(prepaid).to.deep.include({ kind: 'REJECTED', reason: FAILURE_REASONS.CARD });
    expect(mt.bodies).to.deep.equal([]);
  });

  it("reads a card order's statuses: sent awaits the issuer, failed is the card's decline", () => {
    expect(railStatusOfPaymentOrder('PUSH_TO_CARD', { status: 'sent' })).to.deep.equal({ kind: 'PENDING' });
    expect(railStatusOfPaymentOrder('PUSH_TO_CARD', { status: 'completed' })).to.deep.equal({
      kind: 'SETTLED',
    });
    expect(railStatusOfPaymentOrder('PUSH_TO_CARD', { status: 'failed' })).to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.CARD,
    });
    expect(railStatusOfPaymentOrder('ACH', { status: 'failed' })).to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.GENERAL,
    });
  });
});
