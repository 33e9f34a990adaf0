import { Money } from '@payout/domain';
import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import { LedgerProbe, postingsOf } from './support/ledger.probe.js';
import type { ApiAnswer, WithdrawalAnswer } from './support/payout-api.client.js';
import type { LinkKind } from './support/sandbox.fixture.js';
import {
  type ServiceWorld,
  startServiceWorld,
  stopServiceWorld,
  withdrawOncePerEntity,
} from './support/service.world.js';

const DELAYS = 'ACH=300,RTP=200,WIRE=200,SWIFT=300,PUSH_TO_CARD=0,ZELLE=200,PAYPAL=200,VENMO=200';
const SETTLE_TIMEOUT_MS = 15_000;

interface RailCase {
  readonly account: LinkKind;
  readonly routingType?: string;
  readonly rail: string;
  readonly method: string;
  /** docs/product.md §5 default fees on a 40.00 payout. */
  readonly fees: string;
  /** The creation answer: instant rails pay at once, the others settle later. */
  readonly created: 'PENDING' | 'SUCCESS';
  /** docs/product.md §6: ACH and RTP pass through PROCESSING_PAY_OUT, the other rails go from PENDING to SUCCESS. */
  readonly statuses: readonly string[];
}

const VIA_PROCESSING = ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'];
const DIRECT = ['PENDING', 'SUCCESS'];
const CASES: readonly RailCase[] = [
  {
    account: 'bank',
    rail: 'ACH',
    method: 'BANK_TRANSFER',
    fees: '0.25',
    created: 'PENDING',
    statuses: VIA_PROCESSING,
  },
  {
    account: 'bank',
    routingType: 'RTP',
    rail: 'RTP',
    method: 'REAL_TIME_PAYMENT',
    fees: '1.00',
    created: 'PENDING',
    statuses: VIA_PROCESSING,
  },
  {
    account: 'bank',
    routingType: 'WIRE',
    rail: 'WIRE',
    method: 'WIRE_TRANSFER',
    fees: '15.00',
    created: 'PENDING',
    statuses: DIRECT,
  },
  {
    account: 'international_bank',
    rail: 'SWIFT',
    method: 'INTERNATIONAL_TRANSFER',
    fees: '25.00',
    created: 'PENDING',
    statuses: DIRECT,
  },
  {
    account: 'card',
    routingType: 'WIRE',
    rail: 'PUSH_TO_CARD',
    method: 'PUSH_TO_CARD',
    fees: '0.60',
    created: 'SUCCESS',
    statuses: DIRECT,
  },
  { account: 'zelle', rail: 'ZELLE', method: 'ZELLE', fees: '0.00', created: 'PENDING', statuses: DIRECT },
  { account: 'paypal', rail: 'PAYPAL', method: 'PAYPAL', fees: '1.00', created: 'PENDING', statuses: DIRECT },
  { account: 'venmo', rail: 'VENMO', method: 'VENMO', fees: '1.00', created: 'PENDING', statuses: DIRECT },
];

const FUNDS = '10000.00';

describe('e2e: one withdrawal per rail, from request to final webhook (npm start on PostgreSQL)', function () {
  this.timeout(60_000);
  let world: ServiceWorld;
  /** Sent together, one entity each, so the rails settle side by side. */
  let answers: ApiAnswer<WithdrawalAnswer>[];

  before(async () => {
    world = await startServiceWorld({
      label: 'e2e_rails',
      env: { RAIL_DELAYS_MS: DELAYS },
      entities: CASES.length,
      funds: FUNDS,
    });
    answers = await withdrawOncePerEntity(
      world,
      CASES.map((c) => ({
        account: c.account,
        body: { amount: 40, ...(c.routingType ? { routingType: c.routingType } : {}) },
      })),
    );
  });

  after(() => stopServiceWorld(world));

  for (const [i, c] of CASES.entries()) {
    const label = `${c.account}${c.routingType ? ` + routingType ${c.routingType}` : ''} → ${c.rail}`;
    it(`${label}: ${c.statuses.join(' → ')}, every delivery signed`, async () => {
      const { api, receiver, sandbox, database } = world;
      const entity = sandbox.entities[i]!;
      const answer = answers[i]!;
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const created = answer.body.data!;
      const total = Money.of('40.00').plus(Money.of(c.fees)).toString();
      expect(created).to.include({ status: c.created, fees: c.fees, amount: total });

      const final = c.statuses[c.statuses.length - 1];
      const events = await eventually(
        `${c.rail} withdrawal ${created.id} announced as ${final}`,
        () => {
          const seen = receiver.eventsFor(created.id);
          return seen.at(-1)?.status === final && seen.length === c.statuses.length ? seen : undefined;
        },
        SETTLE_TIMEOUT_MS,
        () => `Seen: ${JSON.stringify(receiver.eventsFor(created.id).map((e) => e.status))}`,
      );
      expect(events.map((e) => e.status)).to.deep.equal(c.statuses);
      expect(events.map((e) => e.payload.sequence)).to.deep.equal(c.statuses.map((_, k) => k + 1));
      expect(events.map((e) => e.payload.previousStatus)).to.deep.equal([null, ...c.statuses.slice(0, -1)]);
      for (const event of events)
        expect(event.payload).to.include({
          transactionId: created.id,
          entityId: entity.id,
          walletId: entity.walletId,
          method: c.method,
          amount: 40,
          feeCharged: c.fees,
          currency: 'USD',
          reason: '',
        });
      const mine = receiver.deliveries.filter((d) => d.body.payload.transactionId === created.id);
      expect(mine.every((d) => d.verified)).to.equal(true);

      const view = await api.transaction(entity.accessToken, created.id);
      expect(view).to.include({ status: 'SUCCESS', rail: c.rail, amount: '40.00', total });
      expect(view.history.map((h) => h.status)).to.deep.equal(c.statuses);
      const lookup = await api.webhookPayload(sandbox.merchant.accessToken, created.id);
      expect(lookup.status).to.equal('SUCCESS');
      expect(lookup.payload.sequence).to.equal(c.statuses.length);

      const ledger = new LedgerProbe(database.knex);
      expect(await ledger.balance(entity.walletId)).to.equal(
        Money.of(FUNDS).minus(Money.of(total)).toString(),
      );
      expect(await ledger.postings(created.id)).to.deep.equal(postingsOf('SUCCESS', true));
    });
  }

  it('no delivery failed verification with the merchant secret', () => {
    expect(world.receiver.deliveries.length).to.be.greaterThan(0);
    expect(world.receiver.unverified()).to.deep.equal([]);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await world.service.stop()).to.equal(0);
  });
});
