// Dead accounts: the linked accounts a return marked unusable, and reinstating one, which lets withdrawals to it
// go again (the API audits it and tells the merchant with a LINKED_ACCOUNT USABLE webhook).
import { api } from './api.js';
import { button, h, table } from './dom.js';
import { $, act, labelled, pagedList } from './ui.js';

const why = (u) =>
  `since ${u.since}${u.code ? `, code ${u.code}` : ''}${u.transactionId ? `, by ${u.transactionId}` : ''}`;

export const loadUnusable = () =>
  pagedList($('accounts-list'), '/v1/operator/linked-accounts', { unusable: 'true' }, (rows) =>
    table(
      'Unusable linked accounts, newest linked first',
      ['Account', 'Kind', 'Holder', 'Last four', 'Entity', 'Unusable', ''],
      rows,
      (a) => [
        a.id,
        a.kind,
        a.counterPartyName,
        a.lastFourDigits ?? '—',
        a.entityId,
        why(a.unusable),
        reinstateControl(a.id, 'list', loadUnusable),
      ],
      (a) => ({ 'data-account': a.id }),
    ),
  );

/**
 * Reinstates the account after the operator checked it can receive again (the user reopened it, the bank's return
 * was a mistake); `then` refreshes the view (`where`: the list or a timeline) it is shown in.
 */
function reinstateControl(id, where, then) {
  const reasonId = `reinstate-reason-${where}-${id}`;
  return h(
    'div',
    { class: 'decision', 'data-reinstate': id },
    ...labelled(reasonId, 'Reason', { maxlength: 255 }),
    button(
      'Reinstate account',
      () =>
        act(`Reinstating ${id}`, async () => {
          const reason = $(reasonId).value.trim() || null;
          await api('POST', `/v1/operator/linked-accounts/${id}/reinstate`, { body: { reason } });
          await then();
          return `Linked account ${id} reinstated: withdrawals to it go again.`;
        }),
      { 'aria-label': `Reinstate linked account ${id}` },
    ),
  );
}

/** On a withdrawal's timeline: that its account is unusable, and the control that reinstates it. */
export const unusableNotice = (account, then) =>
  account?.unusable
    ? h(
        'div',
        { class: 'warning', role: 'note', 'data-unusable': account.id },
        h(
          'p',
          {},
          `The linked account is unusable (${why(account.unusable)}): withdrawals to it are refused.`,
        ),
        reinstateControl(account.id, 'timeline', then),
      )
    : null;
