// Webhook deliveries across merchants, by outcome (failed ones by default), each with its attempts and Redeliver.
import { api } from './api.js';
import { button, h, table } from './dom.js';
import { $, act, pagedList } from './ui.js';

export const attemptsOf = (d) =>
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

export async function loadDeliveries(form = $('deliveries-search')) {
  const query = Object.fromEntries(new FormData(form));
  await pagedList($('deliveries-list'), '/v1/operator/webhook-deliveries', query, (rows) =>
    table(
      'Webhook deliveries, newest first',
      ['Withdrawal', 'Sequence', 'Status', 'Delivery', 'Attempts', 'Next attempt', ''],
      rows,
      (d) => [
        d.transactionId,
        d.sequence,
        d.status,
        d.deliveryState,
        attemptsOf(d),
        d.nextAttemptAt,
        d.deliveryState === 'DELIVERED'
          ? null
          : button(
              'Redeliver',
              () =>
                act(`Redelivering event ${d.sequence} of ${d.transactionId}`, async () => {
                  const { data } = await api(
                    'POST',
                    `/v1/operator/webhook-deliveries/${d.eventId}/redeliver`,
                    {
                      body: {},
                    },
                  );
                  await loadDeliveries(form);
                  return `Event ${d.eventId} queued again: ${data.deliveryState}.`;
                }),
              { 'aria-label': `Redeliver event ${d.sequence} of withdrawal ${d.transactionId}` },
            ),
      ],
      (d) => ({ 'data-event': d.eventId }),
    ),
  );
}
