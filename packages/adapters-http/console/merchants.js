// Merchants, their entities and wallets: balances, ledgers, credits.
import { api } from './api.js';
import { button, h, show, table } from './dom.js';
import { entityLabel } from './names.js';
import { $, act, labelled, pagedList } from './ui.js';

export async function loadMerchants() {
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
          h(
            'li',
            { 'data-entity': e.id },
            `${e.entityType} ${entityLabel(e)} (${e.id})`,
            walletPanel(e.wallet, 'SPEND wallet'),
            accountsPanel(e),
          ),
        ),
      ),
    (rows) =>
      Promise.all(
        rows.map(async (e) => ({ ...e, wallet: (await api('GET', `/v1/wallets/${e.walletId}`)).data })),
      ),
  );
  $('merchant-detail').focus();
}

/** An entity's linked accounts, masked by the API: last four digits, never an account or card number. */
function accountsPanel(entity) {
  const list = h('div', { class: 'accounts' });
  const load = () =>
    pagedList(list, `/v1/operator/entities/${entity.id}/linked-accounts`, {}, (rows) =>
      table(
        `Linked accounts of ${entityLabel(entity)}`,
        ['Account', 'Kind', 'Label', 'Holder', 'Number', 'Linked'],
        rows,
        (a) => [a.id, a.kind, a.label, a.counterPartyName, `••••${a.lastFourDigits ?? '—'}`, a.createdAt],
        (a) => ({ 'data-account': a.id }),
      ),
    );
  return h(
    'div',
    {},
    button('Linked accounts', () => act('Loading linked accounts', load), {
      'aria-label': `Linked accounts of entity ${entityLabel(entity)}`,
    }),
    list,
  );
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
