// The withdrawal search, opening one by id, and its timeline: history, rail facts, deliveries, ledger postings;
// bringing a check forward; failing by hand a debited payout no rail has accepted; reinstating its account.
import { unusableNotice } from './accounts.js';
import { api } from './api.js';
import { attemptsOf } from './deliveries.js';
import { button, h, show, table } from './dom.js';
import { named, withNames } from './names.js';
import { $, act, labelled, pagedList } from './ui.js';

export async function search(form) {
  const query = Object.fromEntries(new FormData(form));
  await pagedList(
    $('search-list'),
    '/v1/operator/withdrawals',
    query,
    (rows) => {
      const list = table(
        'Withdrawals, newest first',
        ['Withdrawal', 'Status', 'Amount', 'Rail', 'Merchant', 'Entity', 'Created', ''],
        rows,
        (w) => [
          w.id,
          w.status,
          w.amount,
          w.rail,
          named(w.merchantName, w.merchantId),
          named(w.entityName, w.entityId),
          w.createdAt,
          button('Timeline', () => openWithdrawal(w.id), { 'aria-label': `Timeline of withdrawal ${w.id}` }),
        ],
        (w) => ({ 'data-withdrawal': w.id }),
      );
      return query.unresolved === 'true' && rows.length > 0 ? h('div', {}, checkAll(rows), list) : list;
    },
    withNames,
  );
}

/** Once a provider answers again: each unresolved payout listed due for its next attempt now (one check each). */
const checkAll = (rows) =>
  button(
    'Check all listed now',
    () =>
      act(`Checking ${rows.length} withdrawals`, async () => {
        const refused = [];
        for (const w of rows) {
          try {
            await api('POST', `/v1/operator/withdrawals/${w.id}/check`, { body: {} });
          } catch (error) {
            refused.push(`${w.id}: ${error.message}`);
          }
        }
        const done = `${rows.length - refused.length} of ${rows.length} due for their check now`;
        return refused.length === 0 ? `${done}.` : `${done}; refused: ${refused.join('; ')}`;
      }),
    { 'aria-label': 'Check every listed withdrawal now' },
  );

/** Opens a withdrawal's timeline by its id (the search box, or a row's button). */
export const openWithdrawal = (id) => act(`Loading the timeline of ${id}`, () => timeline(id.trim()));

const masked = (a) =>
  a ? `${a.label} (${a.kind}, ${a.counterPartyName}, ••••${a.lastFourDigits ?? '—'})` : '—';

async function timeline(id) {
  const [w] = await withNames([
    (await api('GET', `/v1/operator/withdrawals/${encodeURIComponent(id)}`)).data,
  ]);
  const [deliveries, postings] = await Promise.all([
    api('GET', '/v1/operator/webhook-deliveries', { query: { transactionId: w.id, limit: '100' } }),
    // The debited wallet's postings of this withdrawal, each balance as it stood after it.
    api('GET', `/v1/wallets/${w.walletId}/ledger-entries`, { query: { transactionId: w.id, limit: '100' } }),
  ]);
  const facts = {
    status: w.status,
    flow: w.flow,
    amount: w.amount,
    fees: w.fees,
    total: w.total,
    rail: w.rail,
    reason: w.reason,
    'failure reason': w.failureReason,
    merchant: `${w.merchantName ?? '—'} (${w.merchantId})`,
    entity: `${w.entityName ?? '—'} (${w.entityId})`,
    wallet: w.walletId,
    'linked account': `${w.linkedAccountId}: ${masked(w.linkedAccount)}`,
    'requested by': w.requestedBy,
    provider: w.railFacts.provider,
    'submit attempts': w.railFacts.submitAttempts,
    'provider reference': w.railFacts.railReference,
    'provider failure code': w.railFacts.failureCode,
    submitted: w.railFacts.submittedAt,
    'next check': w.railFacts.nextCheckAt,
    'approval expires': w.approval?.expiresAt,
    'decided by': w.approval?.decidedBy,
    'decision reason': w.approval?.decisionReason,
  };
  show(
    $('timeline'),
    h('h3', {}, `Withdrawal ${w.id}`),
    h(
      'dl',
      { 'data-facts': w.id },
      Object.entries(facts).flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value ?? '—')]),
    ),
    unusableNotice(w.linkedAccount, () => timeline(w.id)),
    w.railFacts.nextCheckAt ? checkNow(w) : null,
    awaitingSubmission(w) ? failByHand(w) : null,
    acceptedAfterFailing(w)
      ? h(
          'p',
          { class: 'warning', role: 'alert', 'data-accepted-after-failing': w.id },
          `The rail accepted this payout (reference ${w.railFacts.railReference}) after it was failed by hand and its `,
          'debit reversed: the account was paid and the wallet credited back. Reconcile it with the provider.',
        )
      : null,
    table(
      'Status history',
      ['Sequence', 'Status', 'From', 'Reason', 'Decided by', 'Decision reason', 'At'],
      w.history,
      (c) => [c.sequence, c.status, c.previousStatus, c.reason, c.decidedBy, c.decisionReason, c.at],
    ),
    table(
      'Webhook deliveries',
      ['Sequence', 'Status', 'Delivery', 'Attempts', 'Next attempt', ''],
      deliveries.data,
      (d) => [d.sequence, d.status, d.deliveryState, attemptsOf(d), d.nextAttemptAt, redeliver(d, w)],
    ),
    table('Ledger postings', ['Wallet', 'Kind', 'Amount', 'Balance after', 'At'], postings.data, (p) => [
      w.walletId,
      p.kind,
      p.amount,
      p.balanceAfter,
      p.createdAt,
    ]),
  );
  $('timeline').focus();
}

const redeliver = (d, w) =>
  d.deliveryState === 'DELIVERED'
    ? null
    : button(
        'Redeliver',
        () =>
          act(`Redelivering event ${d.sequence} of ${w.id}`, async () => {
            await api('POST', `/v1/operator/webhook-deliveries/${d.eventId}/redeliver`, { body: {} });
            await timeline(w.id);
          }),
        { 'aria-label': `Redeliver event ${d.sequence} of withdrawal ${w.id}` },
      );

/**
 * Failed by an operator, which only a payout no rail had taken can be, yet holding a rail's reference: an attempt's
 * acceptance came after the fail (README, "Unknown outcomes").
 */
const acceptedAfterFailing = (w) =>
  w.status === 'FAILED' &&
  w.debited &&
  Boolean(w.railFacts.railReference) &&
  Boolean(w.history.at(-1)?.decidedBy);

/**
 * Brings the withdrawal's next check forward to now (the next submission attempt, or a status check), once the
 * operator has fixed what kept its rail from answering. The API refuses while a check is under way or due soon.
 */
function checkNow(w) {
  return h(
    'div',
    { class: 'decision', 'data-check': w.id },
    h('p', {}, `Next check: ${w.railFacts.nextCheckAt}.`),
    button(
      'Check now',
      () =>
        act(`Checking ${w.id}`, async () => {
          const { data } = await api('POST', `/v1/operator/withdrawals/${w.id}/check`, { body: {} });
          await timeline(w.id);
          return `Withdrawal ${w.id} due for its check now (${data.nextCheckAt}): a worker takes it next.`;
        }),
      { 'aria-label': `Check withdrawal ${w.id} now` },
    ),
  );
}

/** Debited and taken by no rail yet: a payout whose submission may stay unanswered. */
const awaitingSubmission = (w) => w.status === 'PENDING' && w.debited && !w.railFacts.railReference;

/**
 * Ends the withdrawal FAILED with its debit reversed, once the operator has found at the provider that no payout
 * exists for it (README, "Unknown outcomes"). The API refuses while an attempt may still be waiting for its answer.
 */
function failByHand(w) {
  const reasonId = `fail-reason-${w.id}`;
  const forceId = `fail-force-${w.id}`;
  return h(
    'div',
    { class: 'decision', 'data-fail': w.id },
    h(
      'p',
      {},
      'No rail has accepted this payout. Failing it first asks its provider, where it can be asked, for a payout ' +
        'under its id.',
    ),
    ...labelled(reasonId, 'Reason', { maxlength: 255 }),
    h('input', { type: 'checkbox', id: forceId }),
    h('label', { for: forceId }, 'I checked at the provider myself (fail even if it cannot be asked)'),
    button(
      'Fail and reverse the debit',
      () =>
        act(`Failing ${w.id}`, async () => {
          const reason = $(reasonId).value.trim() || null;
          const body = $(forceId).checked ? { reason, force: true } : { reason };
          const { data } = await api('POST', `/v1/operator/withdrawals/${w.id}/fail`, { body });
          await timeline(w.id);
          return `Withdrawal ${w.id} failed by hand: now ${data.status}, debit reversed.`;
        }),
      { 'aria-label': `Fail withdrawal ${w.id} and reverse its debit` },
    ),
  );
}
