// The operator console: each section reads or acts through the public API (api.js) and renders plain elements.
import { ApiError, api, scan, session } from './api.js';
import { button, h, show, table } from './dom.js';

const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('status').textContent = text;
};

/** Runs one operator action, reporting it in the status line; a refusal names the API's code and message. */
async function act(label, work) {
  say(`${label}…`);
  try {
    const done = await work();
    say(done ?? `${label}: done.`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      signOut('The token was refused (401): sign in again.');
    else say(`${label} failed: ${error.message}`);
  }
}

/** A list that grows by its `nextCursor` when "More" is pressed; `enrich` adds to a page's rows before they show. */
function pagedList(container, path, query, render, enrich = async (rows) => rows) {
  const rows = [];
  const load = async (cursor) => {
    const page = await api('GET', path, { query: { ...query, cursor } });
    rows.push(...(await enrich(page.data)));
    const more = page.hasMore ? button('More', () => act('Loading more', () => load(page.nextCursor))) : null;
    show(container, render(rows), more);
  };
  return load();
}

const labelled = (id, label, attributes = {}) => [
  h('label', { for: id }, label),
  h('input', { id, autocomplete: 'off', ...attributes }),
];

// Approvals queue

async function loadQueue() {
  await pagedList(
    $('queue-list'),
    '/v1/operator/withdrawals',
    { status: 'AWAITING_APPROVAL', order: 'asc' },
    (rows) =>
      table(
        'Awaiting approval, oldest first',
        ['Withdrawal', 'Merchant', 'Amount', 'Fees', 'Rail', 'Created', 'Expires', 'Decision'],
        rows,
        (w) => [w.id, w.merchantId, w.amount, w.fees, w.rail, w.createdAt, w.approvalExpiresAt, decision(w)],
        (w) => ({ 'data-withdrawal': w.id }),
      ),
  );
}

function decision(w) {
  const reasonId = `reason-${w.id}`;
  const reason = () => $(reasonId).value.trim() || null;
  const decide = (verb) =>
    act(`${verb === 'approve' ? 'Approving' : 'Rejecting'} ${w.id}`, async () => {
      const { data } = await api('POST', `/v1/operator/withdrawals/${w.id}/${verb}`, {
        body: { reason: reason() },
      });
      await loadQueue();
      $('queue-refresh').focus();
      return `Withdrawal ${w.id} ${verb === 'approve' ? 'approved' : 'rejected'}: now ${data.status}.`;
    });
  return h(
    'div',
    { class: 'decision' },
    ...labelled(reasonId, 'Reason', { maxlength: 255 }),
    button('Approve', () => decide('approve'), { 'aria-label': `Approve withdrawal ${w.id}` }),
    button('Reject', () => decide('reject'), { 'aria-label': `Reject withdrawal ${w.id}` }),
  );
}

// Withdrawal search and timeline

async function search(form) {
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

// Merchants, entities and wallets

async function loadMerchants() {
  await pagedList($('merchants-list'), '/v1/operator/merchants', {}, (rows) =>
    table(
      'Merchants, newest first',
      ['Name', 'Merchant', 'Payouts', 'Approval threshold', ''],
      rows,
      (m) => [
        m.name,
        m.id,
        m.payoutsEnabled ? 'enabled' : 'disabled',
        m.approvalThreshold,
        button('Open', () => act(`Loading merchant ${m.name}`, () => openMerchant(m.id)), {
          'aria-label': `Open merchant ${m.name}`,
        }),
      ],
      (m) => ({ 'data-merchant': m.id }),
    ),
  );
}

async function openMerchant(merchantId) {
  const { data: merchant } = await api('GET', `/v1/operator/merchants/${merchantId}`);
  const entities = h('div');
  show(
    $('merchant-detail'),
    h('h3', {}, `${merchant.name} (${merchant.id})`),
    h(
      'p',
      {},
      `Approval threshold ${merchant.approvalThreshold}; payouts ${merchant.payoutsEnabled ? 'on' : 'off'}.`,
    ),
    walletPanel(merchant.wallet, 'Merchant wallet'),
    h('h4', {}, 'Entities'),
    entities,
  );
  await pagedList(
    entities,
    `/v1/operator/merchants/${merchantId}/entities`,
    {},
    (rows) =>
      h(
        'ul',
        {},
        rows.map((e) =>
          h('li', {}, `${e.entityType} ${e.email} (${e.id})`, walletPanel(e.wallet, 'SPEND wallet')),
        ),
      ),
    (rows) =>
      Promise.all(
        rows.map(async (e) => ({ ...e, wallet: (await api('GET', `/v1/wallets/${e.walletId}`)).data })),
      ),
  );
  $('merchant-detail').focus();
}

function walletPanel(wallet, title) {
  const ledger = h('div');
  const amountId = `credit-amount-${wallet.id}`;
  const reasonId = `credit-reason-${wallet.id}`;
  const panel = h('div', { class: 'wallet', 'data-wallet': wallet.id });
  const render = () =>
    show(
      panel,
      h('p', {}, `${title} ${wallet.id}: balance ${wallet.balance}${wallet.disabled ? ' (disabled)' : ''}`),
      h(
        'form',
        { onsubmit: credit },
        ...labelled(amountId, 'Credit amount', { required: true, inputmode: 'decimal' }),
        ...labelled(reasonId, 'Credit reason', { maxlength: 255 }),
        h('button', { type: 'submit' }, 'Credit'),
      ),
      button('Ledger', () => act('Loading the ledger', showLedger), {
        'aria-label': `Ledger of wallet ${wallet.id}`,
      }),
      ledger,
    );
  async function credit(event) {
    event.preventDefault();
    await act(`Crediting ${wallet.id}`, async () => {
      const reason = $(reasonId).value.trim();
      const { data } = await api('POST', `/v1/operator/wallets/${wallet.id}/credits`, {
        body: { amount: $(amountId).value.trim(), ...(reason ? { reason } : {}) },
      });
      wallet = data;
      render();
      return `Credited: balance ${data.balance}.`;
    });
  }
  const showLedger = () =>
    pagedList(ledger, `/v1/wallets/${wallet.id}/ledger-entries`, {}, (rows) =>
      table(
        'Ledger postings, newest first',
        ['Kind', 'Amount', 'Balance after', 'Withdrawal', 'At'],
        rows,
        (p) => [p.kind, p.amount, p.balanceAfter, p.transactionId, p.createdAt],
      ),
    );
  render();
  return panel;
}

// Audit log

async function loadAudit(form) {
  await pagedList($('audit-list'), '/v1/operator/audit-log', Object.fromEntries(new FormData(form)), (rows) =>
    table(
      'Operator actions, newest first',
      ['At', 'Actor', 'Action', 'Subject', 'Changes'],
      rows,
      (e) => [e.at, e.actor, e.action, `${e.subjectType} ${e.subjectId}`, JSON.stringify(e.changes)],
      (e) => ({ 'data-audit': e.subjectId }),
    ),
  );
}

// Sign-in

function signedIn(yes) {
  $('sign-in').hidden = yes;
  $('signed-in').hidden = !yes;
  $('nav').hidden = !yes;
}

function signOut(message) {
  session.signOut();
  signedIn(false);
  say(message);
  $('token').focus();
}

async function start() {
  signedIn(true);
  await act('Loading the approvals queue', async () => {
    await loadQueue();
    return 'Signed in.';
  });
}

const submit = (id, work) =>
  $(id).addEventListener('submit', (event) => {
    event.preventDefault();
    work(event.currentTarget);
  });

submit('sign-in', () => {
  session.signIn($('token').value.trim());
  $('token').value = '';
  start();
});
submit('search', (form) => act('Searching', () => search(form)));
submit('audit-search', (form) => act('Loading the audit log', () => loadAudit(form)));
$('queue-refresh').addEventListener('click', () => act('Loading the approvals queue', loadQueue));
$('merchants-load').addEventListener('click', () => act('Loading merchants', loadMerchants));
$('sign-out').addEventListener('click', () => signOut('Signed out.'));

if (session.token()) start();
else $('token').focus();
