// The approvals queue: held withdrawals oldest first, each approved or rejected with a reason.
import { api } from './api.js';
import { button, h, table } from './dom.js';
import { named, withNames } from './names.js';
import { $, act, labelled, pagedList } from './ui.js';

export async function loadQueue() {
  await pagedList(
    $('queue-list'),
    '/v1/operator/withdrawals',
    { status: 'AWAITING_APPROVAL', order: 'asc' },
    (rows) =>
      table(
        'Awaiting approval, oldest first',
        ['Withdrawal', 'Merchant', 'Amount', 'Fees', 'Rail', 'Created', 'Expires', 'Decision'],
        rows,
        (w) => [
          w.id,
          named(w.merchantName, w.merchantId),
          w.amount,
          w.fees,
          w.rail,
          w.createdAt,
          w.approvalExpiresAt,
          decision(w),
        ],
        (w) => ({ 'data-withdrawal': w.id }),
      ),
    withNames,
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
