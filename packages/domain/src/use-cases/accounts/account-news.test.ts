import { expect } from 'chai';
import { JsonNumber } from '../../money/money.js';
import { firstPage } from '../../ports/page.js';
import { FakeSecretGenerator } from '../../testing/fake-secrets.js';
import { ScriptedRail } from '../../testing/scripted-rail.js';
import type { LinkedAccountEventBody } from '../../webhooks/linked-account-event.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import {
  type Customer,
  WithdrawalWorld,
  withdraw,
  withdrawalBody,
} from '../withdrawals/withdrawal-world.fixture.js';
import { OperatorLinkedAccounts } from './operator-linked-accounts.use-case.js';

const { RECIPIENT_NOT_FOUND, GENERAL } = FAILURE_REASONS;
const R03 = { kind: 'RETURNED', reason: RECIPIENT_NOT_FOUND, code: 'R03', accountUnusable: true } as const;

const accountOf = (world: WithdrawalWorld, c: Customer) => world.uow.state.linkedAccounts.get(c.accountId);

/** The bodies of the account's `LINKED_ACCOUNT` events, in sequence order. */
const accountEvents = (world: WithdrawalWorld, c: Customer) =>
  [...world.uow.state.webhookEvents.values()]
    .filter((e) => e.linkedAccountId === c.accountId)
    .sort((a, b) => a.sequence - b.sequence)
    .map((e) => JSON.parse(e.body) as LinkedAccountEventBody);

const auditOf = (world: WithdrawalWorld, c: Customer) =>
  world.uow.state.auditLog.filter((entry) => entry.subjectId === c.accountId);

/** An ACH world that watches settled payouts for returns, so that a poll after SUCCESS asks again. */
const achWorld = () => new WithdrawalWorld([new ScriptedRail('ACH', 1000, 5000)]);

async function paid(world: WithdrawalWorld, c: Customer, amount = '100') {
  const result = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of(amount) }));
  if (!result.ok) throw new Error(result.error.message);
  return result.value.withdrawal.id;
}

describe('dead accounts: a return that says the account cannot receive', () => {
  it('marks the account unusable in the transaction that reverses the debit, announced and audited', async () => {
    const world = achWorld();
    world.rail('ACH').willReport({ kind: 'SETTLED' }, R03);
    const c = await world.customer();
    const id = await paid(world, c);
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED']);
    expect(world.reversals(id)).to.equal(1);
    expect(accountOf(world, c)?.unusable).to.deep.equal({
      since: world.clock.now(),
      code: 'R03',
      withdrawalId: id,
    });
    const [event] = accountEvents(world, c);
    expect(event?.status).to.equal('UNUSABLE');
    expect(event?.payload).to.include({ code: 'R03', sourceTransactionId: id, usable: false, sequence: 1 });
    expect(auditOf(world, c).map((e) => [e.action, e.actor])).to.deep.equal([
      ['LINKED_ACCOUNT_MARKED_UNUSABLE', 'provider:scripted'],
    ]);
  });

  it('leaves the account usable after a return whose code does not say so', async () => {
    const world = achWorld();
    world.rail('ACH').willReport({ kind: 'SETTLED' }, { kind: 'RETURNED', reason: GENERAL, code: 'R01' });
    const c = await world.customer();
    await paid(world, c);
    await world.runJobs();
    expect(accountOf(world, c)?.unusable).to.equal(null);
    expect(accountEvents(world, c)).to.deep.equal([]);
  });

  it('refuses the next withdrawal to it (409) before any money moves, until an operator reinstates it', async () => {
    const world = achWorld();
    world.rail('ACH').willReport({ kind: 'SETTLED' }, R03);
    const c = await world.customer();
    await paid(world, c);
    await world.runJobs();
    const balance = await world.balance(c.walletId);
    const ledger = world.uow.state.ledger.length;
    const withdrawals = world.uow.state.withdrawals.size;

    const refused = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of('10') }));
    expect(refused.ok).to.equal(false);
    if (refused.ok) return;
    expect(refused.error.code).to.equal('LINKED_ACCOUNT_UNUSABLE');
    expect(await world.balance(c.walletId)).to.equal(balance);
    expect(world.uow.state.ledger.length).to.equal(ledger);
    expect(world.uow.state.withdrawals.size).to.equal(withdrawals);
    expect(world.rail('ACH').submissions).to.have.length(1);

    const accounts = new OperatorLinkedAccounts({ ...world.deps, secrets: new FakeSecretGenerator() });
    const listed = await accounts.unusable(world.operator(), firstPage());
    expect(listed.ok && listed.value.items.map((a) => a.id)).to.deep.equal([c.accountId]);
    const reinstated = await accounts.reinstate(world.operator('ops-7'), c.accountId, 'account reopened');
    expect(reinstated.ok && reinstated.value.unusable).to.equal(null);
    expect(
      accountEvents(world, c).map((e) => [e.status, e.payload.sequence, e.payload.reason]),
    ).to.deep.equal([
      ['UNUSABLE', 1, RECIPIENT_NOT_FOUND],
      ['USABLE', 2, 'account reopened'],
    ]);
    expect(auditOf(world, c).at(-1)).to.include({ action: 'LINKED_ACCOUNT_REINSTATED', actor: 'ops-7' });
    const again = await accounts.reinstate(world.operator('ops-7'), c.accountId);
    expect(!again.ok && again.error.code).to.equal('CONFLICT');

    const goes = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of('10') }));
    expect(goes.ok, JSON.stringify(goes)).to.equal(true);
    expect(world.rail('ACH').submissions).to.have.length(2);
  });

  it('is checked right after the account is found: before payouts enabled, routing and funds', async () => {
    const world = achWorld();
    world.rail('ACH').willReport({ kind: 'SETTLED' }, R03);
    const c = await world.customer();
    await paid(world, c);
    await world.runJobs();
    const merchant = world.uow.state.merchants.get(c.merchantId);
    if (merchant) world.uow.state.merchants.set(c.merchantId, { ...merchant, payoutsEnabled: false });
    const refused = await withdraw(
      world,
      c,
      withdrawalBody({ amount: JsonNumber.of('99999'), routingType: 'WIRE' }),
    );
    expect(!refused.ok && refused.error.code).to.equal('LINKED_ACCOUNT_UNUSABLE');
  });

  it('refuses the approval of a withdrawal to an account marked since it was requested, debiting nothing', async () => {
    const world = achWorld();
    const c = await world.customer({ approvalThreshold: '50.00' });
    const held = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of('60') }));
    if (!held.ok) throw new Error(held.error.message);
    world.rail('ACH').willReport({ kind: 'SETTLED' }, R03);
    await paid(world, c, '20');
    // The settlement poll and the return check; the approval's expiry, days later, is not run.
    await world.runJobs(2).catch(() => undefined);
    const balance = await world.balance(c.walletId);
    const approved = await world.decide.approve(world.operator(), held.value.withdrawal.id);
    expect(!approved.ok && approved.error.code).to.equal('LINKED_ACCOUNT_UNUSABLE');
    expect(world.uow.state.withdrawals.get(held.value.withdrawal.id)?.status).to.equal('AWAITING_APPROVAL');
    expect(await world.balance(c.walletId)).to.equal(balance);
  });

  it('marks the account when the rail refuses a submission because the account cannot receive', async () => {
    const world = achWorld();
    world.rail('ACH').willSubmit({
      kind: 'REJECTED',
      reason: RECIPIENT_NOT_FOUND,
      detail: 'account closed',
      code: 'AC04',
      accountUnusable: true,
    });
    const c = await world.customer();
    const rejected = await withdraw(world, c);
    expect(!rejected.ok && rejected.error.code).to.equal('RAIL_REJECTED');
    expect(accountOf(world, c)?.unusable?.code).to.equal('AC04');
    expect(await world.balance(c.walletId)).to.equal('1000.00');
  });
});

describe('corrections: an ACH Notification of Change', () => {
  const at = (iso: string) => new Date(iso);

  it('applies the corrected details to the account once, announced with the fields and audited without values', async () => {
    const world = achWorld();
    const correction = {
      code: 'C03',
      at: at('2026-03-03T09:00:00Z'),
      routingNumber: '011000015',
      accountNumber: '99887766',
    };
    world.rail('ACH').willReport({ kind: 'SETTLED', correction }, { kind: 'SETTLED', correction });
    const c = await world.customer();
    const id = await paid(world, c);
    await world.runJobs();
    const account = accountOf(world, c);
    expect(account?.destination).to.include({ routingNumber: '011000015', accountNumber: '99887766' });
    expect(account?.lastFourDigits).to.equal('7766');
    expect(account?.correctedAt).to.deep.equal(correction.at);
    const events = accountEvents(world, c);
    expect(events).to.have.length(1);
    expect(events[0]?.status).to.equal('CORRECTED');
    expect(events[0]?.payload).to.deep.include({
      correctedFields: ['routingNumber', 'accountNumber'],
      code: 'C03',
      sourceTransactionId: id,
      lastFourDigits: '7766',
      usable: true,
    });
    const [audit] = auditOf(world, c);
    expect(audit).to.include({ action: 'LINKED_ACCOUNT_CORRECTED', actor: 'provider:scripted' });
    expect(JSON.stringify(audit?.changes)).to.not.include('99887766').and.not.include('011000015');

    const next = await paid(world, c, '10');
    expect(world.rail('ACH').submissions.at(-1)?.withdrawalId).to.equal(next);
    expect(world.rail('ACH').submissions.at(-1)?.destination.details).to.include({
      accountNumber: '99887766',
    });
  });

  it('ignores an older correction seen again after a newer one, and a malformed value', async () => {
    const world = achWorld();
    const older = { code: 'C01', at: at('2026-03-03T09:00:00Z'), accountNumber: '11112222' };
    const newer = { code: 'C01', at: at('2026-03-04T09:00:00Z'), accountNumber: '33334444' };
    const malformed = { code: 'C02', at: at('2026-03-05T09:00:00Z'), routingNumber: '123456789' };
    const c = await world.customer();
    world.rail('ACH').willReport({ kind: 'SETTLED', correction: older });
    await paid(world, c);
    await world.runJobs();
    world.rail('ACH').willReport({ kind: 'SETTLED', correction: newer });
    await paid(world, c, '10');
    await world.runJobs();
    world
      .rail('ACH')
      .willReport({ kind: 'SETTLED', correction: older }, { kind: 'SETTLED', correction: malformed });
    await paid(world, c, '11');
    await world.runJobs();
    expect(accountOf(world, c)?.destination.accountNumber).to.equal('33334444');
    expect(accountOf(world, c)?.destination.routingNumber).to.equal('021000021');
    expect(accountEvents(world, c).map((e) => e.payload.sequence)).to.deep.equal([1, 2]);
  });

  it('corrects and marks in one answer: a correction first, then unusable', async () => {
    const world = achWorld();
    const correction = { code: 'C05', at: at('2026-03-03T09:00:00Z'), accountType: 'savings' as const };
    world.rail('ACH').willReport({ ...R03, correction });
    const c = await world.customer();
    await paid(world, c);
    await world.runJobs();
    expect(accountOf(world, c)?.destination.accountType).to.equal('savings');
    expect(accountEvents(world, c).map((e) => e.status)).to.deep.equal(['CORRECTED', 'UNUSABLE']);
  });

  it('changes nothing on an account that is not a bank account', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 5000)]);
    const correction = { code: 'C01', at: at('2026-03-03T09:00:00Z'), accountNumber: '33334444' };
    world.rail('ZELLE').willReport({ kind: 'SETTLED', correction });
    const c = await world.customer({ kind: 'zelle' });
    await paid(world, c);
    await world.runJobs();
    expect(accountEvents(world, c)).to.deep.equal([]);
  });
});
