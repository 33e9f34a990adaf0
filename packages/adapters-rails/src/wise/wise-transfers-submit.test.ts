import { FAILURE_REASONS, Money, type RailSubmitResult } from '@payout/domain';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { closedPortUrl } from '../testing/local-servers.js';
import { useNock } from '../testing/use-nock.js';
import {
  API_TOKEN,
  BASE_URL,
  IBAN,
  PROFILE_ID,
  ScriptedWise,
  submission,
  validationError,
  WITHDRAWAL_ID,
  wiseRail,
} from './wise-api.fixture.js';
import { WiseTransferRail } from './wise-transfers.rail.js';

const clock = new ManualClock('2026-01-15T12:00:00Z');
const railFor = (wise: ScriptedWise | null, options: { baseUrl?: string } = {}) =>
  wiseRail(wise, { clock, ...options });

/** Nothing a rail answers may carry the API token or the destination's account number. */
function expectNoSecrets(result: RailSubmitResult): void {
  for (const secret of [API_TOKEN, IBAN]) expect(JSON.stringify(result)).not.to.include(secret);
}

const bodiesOf = (wise: ScriptedWise, step: string) =>
  wise.requests.filter((request) => request.step === step).map((request) => request.raw);

describe('WiseTransferRail.submit', () => {
  useNock();

  it('creates the recipient account, quotes to it, creates the transfer keyed by the withdrawal id, then funds it', async () => {
    const wise = new ScriptedWise();
    const result = await railFor(wise).submit(submission());
    expect(result).to.deep.equal({ kind: 'ACCEPTED', reference: '50000001' });
    expect(wise.requests.map((request) => request.step)).to.deep.equal([
      'recipient',
      'quote',
      'requirements',
      'transfer',
      'funding',
    ]);
    expect(JSON.parse(bodiesOf(wise, 'quote')[0]!)).to.deep.include({ targetAccount: 40000001 });
    expect(JSON.parse(bodiesOf(wise, 'recipient')[0]!)).to.deep.equal({
      profile: Number(PROFILE_ID),
      accountHolderName: 'Ada Lovelace',
      currency: 'USD',
      type: 'swift_code',
      details: {
        legalType: 'PRIVATE',
        swiftCode: 'COBADEFFXXX',
        accountNumber: IBAN,
        email: 'ada@example.com',
        address: { country: 'DE', city: 'Berlin', firstLine: 'Kurfürstendamm 1', postCode: '10719' },
      },
    });
    expect(JSON.parse(bodiesOf(wise, 'transfer')[0]!)).to.deep.equal({
      targetAccount: 40000001,
      quoteUuid: '11144c35-9fe8-4c32-b7fd-d05c2a7734b1',
      customerTransactionId: WITHDRAWAL_ID,
      details: { reference: 'Payout 0b6f8d5e' },
    });
    expect(JSON.parse(bodiesOf(wise, 'funding')[0]!)).to.deep.equal({ type: 'BALANCE' });
    expect(wise.fundings(WITHDRAWAL_ID)).to.equal(1);
  });

  it('writes the reference in SWIFT text: accents off, other characters spaced, one line, never empty', async () => {
    const references: string[] = [];
    for (const description of [
      'Café rent – März #42 & more 🎉 and a line past thirty-five',
      ':-Refund {ticket} 7',
      '🎉🎉',
    ]) {
      // A fresh Wise for each transfer, even within one test.
      nock.cleanAll();
      const wise = new ScriptedWise();
      await railFor(wise).submit(submission({ description }));
      references.push(JSON.parse(bodiesOf(wise, 'transfer')[0]!).details.reference);
    }
    expect(references).to.deep.equal([
      'Cafe rent Marz 42 more and a line p',
      'Refund ticket 7',
      `Payout ${WITHDRAWAL_ID}`.slice(0, 35),
    ]);
  });

  it('writes the amount as the exact decimal, the target amount in USD and the source amount when converting', async () => {
    const wise = new ScriptedWise();
    await railFor(wise).submit(submission({ amount: Money.of('9007199254740993.10') }));
    const business = submission({ withdrawalId: '7e0c6a1f-2b3d-4c5e-8f90-a1b2c3d4e5f6' });
    await railFor(wise).submit({
      ...business,
      amount: Money.of('0.10'),
      destination: {
        kind: 'international_bank',
        details: {
          ...business.destination.details,
          recipientType: 'business',
          name: 'Analytical Engines GmbH',
          currency: 'eur',
        },
      },
    });
    const [usd, eur] = bodiesOf(wise, 'quote');
    expect(usd).to.include('"targetAmount":9007199254740993.10').and.not.include('sourceAmount');
    expect(JSON.parse(usd!)).to.deep.include({ sourceCurrency: 'USD', targetCurrency: 'USD' });
    expect(JSON.parse(usd!)).to.not.have.property('payOut');
    expect(eur).to.include('"sourceAmount":0.10').and.include('"targetCurrency":"EUR"');
    const recipient = JSON.parse(bodiesOf(wise, 'recipient')[1]!);
    expect(recipient).to.deep.include({ accountHolderName: 'Analytical Engines GmbH', currency: 'EUR' });
    expect(recipient.details.legalType).to.equal('BUSINESS');
  });

  it('after a lost transfer answer, reuses the recipient and the quote, gets the same transfer back and funds it once', async () => {
    const wise = new ScriptedWise();
    wise.loseNextAnswer('transfer');
    const rail = railFor(wise);
    expect((await rail.submit(submission())).kind).to.equal('UNAVAILABLE');
    expect(await rail.submit({ ...submission(), attempt: 2 })).to.deep.equal({
      kind: 'ACCEPTED',
      reference: '50000001',
    });
    expect(await rail.submit({ ...submission(), attempt: 3 })).to.deep.equal({
      kind: 'ACCEPTED',
      reference: '50000001',
    });
    expect([wise.recipients, wise.quotes, wise.created]).to.deep.equal([1, 1, 1]);
    expect(wise.fundings(WITHDRAWAL_ID), 'funded only while unfunded').to.equal(1);
  });

  it('after a lost funding answer, does not fund a transfer Wise already shows as funded', async () => {
    const wise = new ScriptedWise();
    wise.loseNextAnswer('funding');
    const rail = railFor(wise);
    expect((await rail.submit(submission())).kind).to.equal('UNAVAILABLE');
    expect(await rail.submit({ ...submission(), attempt: 2 })).to.deep.equal({
      kind: 'ACCEPTED',
      reference: '50000001',
    });
    expect(wise.fundings(WITHDRAWAL_ID)).to.equal(1);
  });

  it('on a retry, reads the transfer again before funding, and does not fund one funded meanwhile', async () => {
    const wise = new ScriptedWise();
    wise.loseNextAnswer('transfer');
    const reads: string[] = [];
    let fundedMeanwhile = false;
    const rail = new WiseTransferRail({
      apiToken: API_TOKEN,
      profileId: PROFILE_ID,
      baseUrl: BASE_URL,
      clock,
      timeoutMs: 2000,
      steps: new InMemoryRailStepStore(),
      fetch: async (input, init) => {
        const response = await wise.fetch(input, init);
        const { pathname } = new URL(input);
        if (init.method === 'GET') reads.push(pathname);
        // The retry's create shows the transfer unfunded; an earlier funding completes just after.
        if (fundedMeanwhile && pathname === '/v1/transfers') wise.move(WITHDRAWAL_ID, 'processing');
        return response;
      },
    });
    expect((await rail.submit(submission())).kind).to.equal('UNAVAILABLE');
    fundedMeanwhile = true;
    expect(await rail.submit({ ...submission(), attempt: 2 })).to.deep.equal({
      kind: 'ACCEPTED',
      reference: '50000001',
    });
    expect(reads).to.deep.equal(['/v1/transfers/50000001']);
    expect(wise.fundings(WITHDRAWAL_ID), 'not funded a second time').to.equal(0);
  });

  it('on a retry, a refusal is no reason to fail: an earlier attempt may have made the transfer', async () => {
    const wise = new ScriptedWise();
    wise.failNext('quote', {
      status: 422,
      body: validationError('error.route.not.supported', 'targetCurrency'),
    });
    const result = await railFor(wise).submit({ ...submission(), attempt: 2 });
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('reconcile by hand');
  });

  it('rejects a refused recipient account as not found with Wise code, echoing neither the number nor the token', async () => {
    const wise = new ScriptedWise();
    wise.failNext('recipient', { status: 422, body: validationError('NOT_VALID', 'accountNumber') });
    const result = await railFor(wise).submit(submission());
    expect(result).to.deep.include({
      kind: 'REJECTED',
      reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
      code: 'NOT_VALID',
    });
    expect(result.kind === 'REJECTED' && result.detail)
      .to.include('recipient account')
      .and.include('accountNumber');
    expectNoSecrets(result);
    expect(wise.created).to.equal(0);
  });

  it('rejects a refused quote with the general reason', async () => {
    const wise = new ScriptedWise();
    wise.failNext('quote', {
      status: 422,
      body: validationError('error.route.not.supported', 'targetCurrency'),
    });
    expect(await railFor(wise).submit(submission())).to.deep.include({
      kind: 'REJECTED',
      reason: FAILURE_REASONS.GENERAL,
      code: 'error.route.not.supported',
    });
  });

  it('answers too little balance as UNAVAILABLE, then funds the same transfer once it is topped up', async () => {
    const wise = new ScriptedWise();
    wise.failNext('funding', {
      status: 200,
      body: { type: 'BALANCE', status: 'REJECTED', errorCode: 'transfer.insufficient_funds' },
    });
    const rail = railFor(wise);
    const first = await rail.submit(submission());
    expect(first).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(await rail.submit({ ...submission(), attempt: 2 })).to.deep.equal({
      kind: 'ACCEPTED',
      reference: '50000001',
    });
    expect(wise.created).to.equal(1);
  });

  it('rejects any other funding refusal with its code', async () => {
    const wise = new ScriptedWise();
    wise.failNext('funding', {
      status: 200,
      body: { type: 'BALANCE', status: 'REJECTED', errorCode: 'balance.payment-option-unavailable' },
    });
    expect(await railFor(wise).submit(submission())).to.deep.include({
      kind: 'REJECTED',
      reason: FAILURE_REASONS.GENERAL,
      code: 'balance.payment-option-unavailable',
    });
  });

  for (const [status, step] of [
    [500, 'quote'],
    [503, 'recipient'],
    [429, 'transfer'],
    [401, 'funding'],
  ] as const)
    it(`answers ${status} to the ${step} as UNAVAILABLE, without the token or the account number`, async () => {
      const wise = new ScriptedWise();
      wise.failNext(step, {
        status,
        body: validationError('SOMETHING', 'accountNumber'),
        headers: { 'Retry-After': '7' },
      });
      const result = await railFor(wise).submit(submission());
      expect(result.kind).to.equal('UNAVAILABLE');
      if (status === 429)
        expect(result)
          .to.deep.include({ retryAfterMs: 7000 })
          .and.have.property('detail')
          .that.includes('retry after 7 s');
      expectNoSecrets(result);
    });

  it('answers a timeout and an unreachable Wise as UNAVAILABLE, never a throw', async () => {
    const wise = new ScriptedWise();
    wise.loseNextAnswer('quote');
    expect((await railFor(wise).submit(submission())).kind).to.equal('UNAVAILABLE');
    const down = await railFor(null, { baseUrl: await closedPortUrl() }).submit(submission());
    expect(down.kind).to.equal('UNAVAILABLE');
    expectNoSecrets(down);
  });
});
