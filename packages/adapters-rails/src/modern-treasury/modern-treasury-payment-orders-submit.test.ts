import { FAILURE_REASONS, Money, type RailSubmitResult } from '@payout/domain';
import { expect } from 'chai';
import { closedPortUrl, useSilentServer } from '../testing/local-servers.js';
import { useNock } from '../testing/use-nock.js';
import {
  ACCOUNT_NUMBER,
  API_KEY,
  EFFECTIVE_DATE,
  errorBody,
  IBAN,
  internationalSubmission,
  ORIGINATING_ACCOUNT_ID,
  ROUTING_NUMBER,
  railOn,
  ScriptedModernTreasury,
  submission,
  VALID_AUTHORIZATION,
} from './modern-treasury-api.fixture.js';

const at = new Date('2026-01-15T12:00:00Z');
const railFor = railOn;

/** Nothing a rail answers may carry the API key or the destination's account number or IBAN. */
function expectNoSecrets(result: RailSubmitResult): void {
  for (const secret of [API_KEY, ACCOUNT_NUMBER, IBAN, VALID_AUTHORIZATION])
    expect(JSON.stringify(result)).not.to.include(secret);
}

const domesticCounterparty = (paymentType: string) => ({
  party_name: 'Ada Lovelace',
  account_type: 'checking',
  account_details: [{ account_number: ACCOUNT_NUMBER }],
  routing_details: [
    { routing_number: ROUTING_NUMBER, routing_number_type: 'aba', payment_type: paymentType },
  ],
});

describe('ModernTreasuryPaymentOrderRail.submit', () => {
  useNock();

  it('creates an ACH credit order in cents from the decimal amount, keyed by the withdrawal id, with Basic auth', async () => {
    const mt = new ScriptedModernTreasury();
    const result = await railFor('ACH').submit(submission({ amount: Money.of('1234567.29') }));
    expect(result).to.deep.equal({
      kind: 'ACCEPTED',
      reference: '7c1b9d2e-0000-4000-8000-000000000001',
      expectedBy: new Date(EFFECTIVE_DATE),
    });
    expect(mt.keys).to.deep.equal(['wd-0001']);
    expect(mt.authorizations).to.deep.equal([VALID_AUTHORIZATION]);
    expect(mt.bodies).to.deep.equal([
      {
        type: 'ach',
        subtype: 'PPD',
        direction: 'credit',
        amount: 123456729,
        currency: 'USD',
        originating_account_id: ORIGINATING_ACCOUNT_ID,
        receiving_account: domesticCounterparty('ach'),
        description: 'Payout wd-0001',
        remittance_information: 'Payout wd-0001',
        metadata: { withdrawal_id: 'wd-0001' },
      },
    ]);
  });

  it("cuts a long reason to the payment type's remittance length: 80 characters for ACH, 140 for wires", async () => {
    const mt = new ScriptedModernTreasury();
    const description = 'r'.repeat(255);
    await railFor('ACH').submit(submission({ withdrawalId: 'wd-ach', description }));
    await railFor('WIRE').submit(submission({ withdrawalId: 'wd-wire', description }));
    expect(mt.bodies.map((body) => String(body.remittance_information).length)).to.deep.equal([80, 140]);
  });

  it('sends amounts a float would get wrong as exact cents', async () => {
    const mt = new ScriptedModernTreasury();
    const rail = railFor('ACH');
    // 0.29 * 100 and 1.15 * 100 are not whole numbers in binary floating point.
    for (const [index, amount] of ['0.29', '1.15', '9007199254740.99'].entries())
      await rail.submit(submission({ withdrawalId: `wd-${index}`, amount: Money.of(amount) }));
    expect(mt.bodies.map((body) => body.amount)).to.deep.equal([29, 115, 900719925474099]);
  });

  it("says when an ACH order is expected to post (its effective date), and nothing of the other rails'", async () => {
    new ScriptedModernTreasury();
    const ach = await railFor('ACH').submit(submission({ withdrawalId: 'wd-ach' }));
    const rtp = await railFor('RTP').submit(submission({ withdrawalId: 'wd-rtp' }));
    expect(ach.kind === 'ACCEPTED' && ach.expectedBy).to.deep.equal(new Date('2026-01-16T00:00:00Z'));
    expect(rtp.kind === 'ACCEPTED' && 'expectedBy' in rtp).to.equal(false);
  });

  it('sends RTP and WIRE as their own order types, a savings account as savings', async () => {
    const mt = new ScriptedModernTreasury();
    await railFor('RTP').submit(submission({ withdrawalId: 'wd-rtp' }));
    const base = submission();
    await railFor('WIRE').submit({
      ...base,
      withdrawalId: 'wd-wire',
      destination: { ...base.destination, details: { ...base.destination.details, accountType: 'savings' } },
    });
    expect(mt.bodies.map((body) => [body.type, body.subtype, body.receiving_account])).to.deep.equal([
      ['rtp', undefined, domesticCounterparty('rtp')],
      ['wire', undefined, { ...domesticCounterparty('wire'), account_type: 'savings' }],
    ]);
  });

  it('sends SWIFT as a wire to the IBAN with the BIC as swift routing and the address a wire needs', async () => {
    const mt = new ScriptedModernTreasury();
    await railFor('SWIFT').submit(internationalSubmission());
    const base = internationalSubmission();
    await railFor('SWIFT').submit({
      ...base,
      withdrawalId: 'wd-business',
      destination: {
        kind: 'international_bank',
        details: {
          ...base.destination.details,
          recipientType: 'business',
          name: 'Analytical Engines GmbH',
          accountNumber: '0532013000',
        },
      },
    });
    expect(mt.bodies[0]).to.deep.include({
      type: 'wire',
      direction: 'credit',
      amount: 123456,
      currency: 'USD',
    });
    expect(mt.bodies[0]?.receiving_account).to.deep.equal({
      party_name: 'Grace Hopper',
      party_type: 'individual',
      party_address: {
        line1: 'Unter den Linden 1',
        locality: 'Berlin',
        region: 'BE',
        postal_code: '10117',
        country: 'DE',
      },
      account_details: [{ account_number: IBAN, account_number_type: 'iban' }],
      routing_details: [
        { routing_number: 'COBADEFFXXX', routing_number_type: 'swift', payment_type: 'wire' },
      ],
    });
    expect(mt.bodies[1]?.receiving_account).to.deep.include({
      party_name: 'Analytical Engines GmbH',
      party_type: 'business',
      account_details: [{ account_number: '0532013000', account_number_type: 'other' }],
    });
  });

  it('answers a repeated submission with the first order, found by its metadata before any create', async () => {
    const mt = new ScriptedModernTreasury();
    const first = await railFor('ACH').submit(submission());
    const again = await railFor('ACH').submit(submission({ attempt: 2 }));
    expect(again).to.deep.equal(first);
    expect(mt.keys).to.deep.equal(['wd-0001']);
    expect(mt.lookups).to.deep.equal(['wd-0001']);
    expect(mt.created).to.equal(1);
  });

  it('after a lost answer, a retry past the 24 hours Modern Treasury keeps a key still finds the order', async () => {
    const mt = new ScriptedModernTreasury();
    mt.loseNextAnswer();
    const rail = railFor('ACH', { fetch: mt.fetch });
    expect((await rail.submit(submission())).kind).to.equal('UNAVAILABLE');
    mt.forgetKeys();
    const again = await rail.submit(submission({ attempt: 2 }));
    expect(again).to.deep.include({ kind: 'ACCEPTED', reference: '7c1b9d2e-0000-4000-8000-000000000001' });
    expect(mt.created, 'no second payment order').to.equal(1);
    expect(mt.keys).to.have.length(1);
  });

  it('makes the order on a retry when the lookup finds none, and stays unavailable when the lookup fails', async () => {
    const mt = new ScriptedModernTreasury();
    const made = await railFor('ACH').submit(submission({ attempt: 3 }));
    expect(made.kind).to.equal('ACCEPTED');
    expect([mt.lookups, mt.created]).to.deep.equal([['wd-0001'], 1]);
    const refused = await railFor('ACH', { apiKey: 'a-wrong-key' }).submit(submission({ attempt: 2 }));
    expect(refused.kind).to.equal('UNAVAILABLE');
    expect(mt.created).to.equal(1);
  });

  it('finds the order made for a withdrawal by its metadata, none for another, creating nothing', async () => {
    const mt = new ScriptedModernTreasury();
    const made = await railFor('ACH').submit(submission());
    if (made.kind !== 'ACCEPTED') throw new Error(JSON.stringify(made));
    expect(await railFor('ACH').findPayout('wd-0001')).to.deep.equal({
      kind: 'FOUND',
      reference: made.reference,
    });
    expect(await railFor('ACH').findPayout('wd-0404')).to.deep.equal({ kind: 'NONE' });
    expect((await railFor('ACH', { apiKey: 'a-wrong-key' }).findPayout('wd-0001')).kind).to.equal(
      'UNAVAILABLE',
    );
    expect(mt.created).to.equal(1);
  });

  for (const [what, status, parameter, reason] of [
    [
      'an invalid routing number',
      422,
      'receiving_account.routing_details.routing_number',
      FAILURE_REASONS.RECIPIENT_NOT_FOUND,
    ],
    [
      'an invalid account number',
      400,
      'receiving_account.account_details.account_number',
      FAILURE_REASONS.RECIPIENT_NOT_FOUND,
    ],
    ['an amount over a limit', 422, 'amount', FAILURE_REASONS.GENERAL],
  ] as const)
    it(`rejects ${what} (${status}) with the mapped reason and Modern Treasury's code, never echoing the number`, async () => {
      const mt = new ScriptedModernTreasury();
      // The message quotes the refused value, as an API may: it must not reach the detail.
      mt.failNextCreate({
        status,
        body: errorBody('parameter_invalid', `${ACCOUNT_NUMBER} is invalid`, parameter),
      });
      const result = await railFor('ACH').submit(submission());
      expect(result).to.deep.equal({
        kind: 'REJECTED',
        reason,
        code: 'parameter_invalid',
        detail: `Modern Treasury answered ${status} parameter_invalid (parameter ${parameter})`,
      });
      expectNoSecrets(result);
    });

  for (const [what, status] of [
    ['an internal error', 500],
    ['a bad gateway', 502],
    ['a revoked key', 401],
    ['a request with this key in flight', 409],
  ] as const)
    it(`is unavailable on ${what} (${status}), paying nothing`, async () => {
      const mt = new ScriptedModernTreasury();
      mt.failNextCreate({ status, body: errorBody('some_error', `${API_KEY} ${ACCOUNT_NUMBER}`) });
      const result = await railFor('ACH').submit(submission());
      expect(result.kind).to.equal('UNAVAILABLE');
      expectNoSecrets(result);
    });

  it('is unavailable on a 429 and says how long Modern Treasury asked to wait', async () => {
    const mt = new ScriptedModernTreasury();
    mt.failNextCreate({
      status: 429,
      body: errorBody('rate_limit_exceeded', 'Too many requests'),
      headers: { 'Retry-After': '7' },
    });
    expect(await railFor('ACH').submit(submission())).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'Modern Treasury answered 429 rate_limit_exceeded; retry after 7 s',
      retryAfterMs: 7000,
    });
  });

  it('is unavailable, not rejected, when Modern Treasury refuses the credentials, and never shows them', async () => {
    new ScriptedModernTreasury();
    const result = await railFor('ACH', { apiKey: 'a-wrong-key' }).submit(submission());
    expect(result).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'Modern Treasury answered 401 unauthorized',
    });
    expect(JSON.stringify(result)).not.to.include('a-wrong-key');
  });

  it('refuses a zero amount without calling Modern Treasury', async () => {
    const mt = new ScriptedModernTreasury();
    const result = await railFor('ACH').submit(submission({ amount: Money.of('0.00') }));
    expect(result).to.deep.include({ kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL });
    expect(mt.bodies).to.deep.equal([]);
  });

  it('is unavailable when the connection is refused', async () => {
    const result = await railFor('ACH', { baseUrl: await closedPortUrl() }).submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expectNoSecrets(result);
  });

  describe('against a server that never answers', () => {
    const silentUrl = useSilentServer();

    it('answers UNAVAILABLE once its timeout has passed, for a submit and for a status', async () => {
      const rail = railFor('RTP', { baseUrl: silentUrl(), timeoutMs: 150 });
      const submitted = await rail.submit(submission());
      expect(submitted).to.deep.equal({
        kind: 'UNAVAILABLE',
        detail: 'Modern Treasury POST /api/payment_orders timed out',
      });
      const status = await rail.status({
        withdrawalId: 'wd-0001',
        reference: 'po-1',
        amount: Money.of('1.00'),
        submittedAt: at,
      });
      expect(status).to.deep.equal({
        kind: 'UNAVAILABLE',
        detail: 'Modern Treasury GET /api/payment_orders/po-1 timed out',
      });
    });
  });
});
