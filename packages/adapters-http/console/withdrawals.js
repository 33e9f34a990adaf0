// The withdrawal search and a withdrawal's timeline: history, webhook deliveries (redeliver), ledger postings.
import { api, scan } from './api.js';
import { button, h, show, table } from './dom.js';
import { $, act, pagedList } from './ui.js';

export async function search(form) {
  const query = Object.fromEntries(new FormData(form));
  await pagedList($('search-list'), '/v1/operator/withdrawals', query, (rows) =>
    table(
      'Withdrawals, newest first',
      ['Withdrawal', 'Status', 'Amount', 'Rail', 'Merchant', 'Entity', 'Created', ''],
      rows,
      (w) => [
        w.id,
        w.status,
        w.amount,
        w.rail,
        w.merchantId,
        w.entityId,
        w.createdAt,
        button('Timeline', () => act(`Loading the timeline of ${w.id}`, () => timeline(w)), {
          'aria-label': `Timeline of withdrawal ${w.id}`,
        }),
      ],
      (w) => ({ 'data-withdrawal': w.id }),
    ),
  );
}

async function timeline(w) {
  const [deliveries, postings] = await Promise.all([
    api('GET', '/v1/operator/webhook-deliveries', { query: { transactionId: w.id } }),
    postingsOf(w),
  ]);
  const facts = {
    status: w.status,
    flow: w.flow,
    amount: w.amount,
    fees: w.fees,
    total: w.total,
    rail: w.rail,
    reason: w.reason,
    failureReason: w.failureReason,
    expires: w.approvalExpiresAt,
  };
  show(
    $('timeline'),
    h('h3', {}, `Withdrawal ${w.id}`),
    h(
      'dl',
      {},
      Object.entries(facts).flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value ?? '—')]),
    ),
    table(
      'Status history',
      ['Sequence', 'Status', 'From', 'Reason', 'Decision reason', 'At'],
      w.history,
      (c) => [c.sequence, c.status, c.previousStatus, c.reason, c.decisionReason, c.at],
    ),
    table(
      'Webhook deliveries',
      ['Sequence', 'Status', 'Delivery', 'Attempts', 'Next attempt', ''],
      deliveries.data,
      (d) => [d.sequence, d.status, d.deliveryState, attempts(d), d.nextAttemptAt, redeliver(d, w)],
    ),
    table('Ledger postings', ['Wallet', 'Kind', 'Amount', 'Balance after', 'At'], postings, (p) => [
      p.walletId,
      p.kind,
      p.amount,
      p.balanceAfter,
      p.createdAt,
    ]),
  );
  $('timeline').focus();
}

const attempts = (d) =>
  h(
    'ol',
    {},
    d.attempts.map((a) =>
      h(
        'li',
        {},
        `${a.attemptedAt}: ${a.statusCode ?? 'no answer'}, ${a.latencyMs} ms${a.error ? `, ${a.error}` : ''}`,
      ),
    ),
  );

const redeliver = (d, w) =>
  d.deliveryState === 'DELIVERED'
    ? null
    : button(
        'Redeliver',
        () =>
          act(`Redelivering event ${d.sequence} of ${w.id}`, async () => {
            await api('POST', `/v1/operator/webhook-deliveries/${d.eventId}/redeliver`, { body: {} });
            await timeline(w);
          }),
        { 'aria-label': `Redeliver event ${d.sequence} of withdrawal ${w.id}` },
      );

/**
 * The withdrawal's postings: the API lists a wallet's ledger, so the entity's SPEND wallet and the merchant's wallet
 * (a payment link's debit) are read and filtered to this withdrawal.
 */
async function postingsOf(w) {
  const [entity] = await scan(`/v1/operator/merchants/${w.merchantId}/entities`, (e) => e.id === w.entityId);
  const { data: merchant } = await api('GET', `/v1/operator/merchants/${w.merchantId}`);
  const wallets = [entity?.walletId, merchant.wallet.id].filter(Boolean);
  const postings = await Promise.all(
    wallets.map(async (walletId) =>
      (await scan(`/v1/wallets/${walletId}/ledger-entries`, (p) => p.transactionId === w.id)).map((p) => ({
        ...p,
        walletId,
      })),
    ),
  );
  return postings.flat();
}
