// Reconciliation: the exceptions runs found between a provider's records and ours, each with the evidence of both
// sides and the resolutions its type allows (audited, with a reason); and the runs made.
import { api } from './api.js';
import { button, h, table } from './dom.js';
import { download } from './download.js';
import { $, act, labelled, pagedList } from './ui.js';
import { openWithdrawal } from './withdrawals.js';

/** The fields of each side worth comparing, in the words of the withdrawal (ours) and of the provider's record. */
const EVIDENCE = [
  ['Amount', 'amount', 'amount'],
  ['Currency', 'currency', 'currency'],
  ['State', 'status', 'state'],
  ["Provider's state", null, 'providerState'],
  ['Reference', 'railReference', 'reference'],
  ['Provider id', null, 'providerId'],
  ['Submitted or created', 'submittedAt', 'createdAt'],
  ['Final', null, 'finalAt'],
  ['Fee', null, 'fee'],
  ['Rail', 'rail', null],
  ['Return watch ended', 'returnWatchEnded', null],
];

const shown = (value) => (value === undefined || value === null ? '—' : String(value));

/** "2 d 3 h", "5 h 12 min", "40 min". */
function age(seconds) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

function evidence(e) {
  const ours = e.evidence.ours ?? {};
  const theirs = Array.isArray(e.evidence.provider) ? e.evidence.provider : [e.evidence.provider ?? {}];
  const headers =
    theirs.length > 1 ? theirs.map((_, i) => `Provider record ${i + 1}`) : ["Provider's record"];
  return table(
    `Evidence: ours${e.evidence.ours ? '' : ' (none)'} and the provider's${e.evidence.provider ? '' : ' (none)'}`,
    ['Field', 'Ours', ...headers],
    EVIDENCE.filter(([, mine, its]) =>
      [mine && ours[mine], ...theirs.map((r) => its && r[its])].some((v) => v !== undefined && v !== null),
    ),
    ([label, mine, its]) => [
      label,
      mine ? shown(ours[mine]) : '',
      ...theirs.map((r) => (its ? shown(r[its]) : '')),
    ],
  );
}

function resolveControl(e, reload) {
  const actionId = `resolve-action-${e.id}`;
  const reasonId = `resolve-reason-${e.id}`;
  return h(
    'div',
    { class: 'decision', 'data-resolve': e.id },
    h('label', { for: actionId }, 'Resolution'),
    h(
      'select',
      { id: actionId },
      e.actions.map((action) => h('option', { value: action }, action)),
    ),
    ...labelled(reasonId, 'Reason', { maxlength: 1000 }),
    button(
      'Resolve',
      () =>
        act(`Resolving ${e.id}`, async () => {
          const { data } = await api('POST', `/v1/operator/reconciliation/exceptions/${e.id}/resolve`, {
            body: { action: $(actionId).value, reason: $(reasonId).value },
          });
          await reload();
          return `Exception ${e.id} resolved: ${data.resolution.action}.`;
        }),
      { 'aria-label': `Resolve exception ${e.id}` },
    ),
  );
}

function card(e, reload) {
  const facts = {
    withdrawal: e.withdrawalId
      ? button(e.withdrawalId, () => openWithdrawal(e.withdrawalId), {
          'aria-label': `Timeline of withdrawal ${e.withdrawalId}`,
        })
      : 'none of ours',
    "provider's id": e.providerId,
    began: e.since,
    age: age(e.ageSeconds),
    opened: e.openedAt,
    resolved:
      e.resolution &&
      `${e.resolution.action} by ${e.resolution.by} at ${e.resolution.at}: ${e.resolution.reason}`,
  };
  return h(
    'article',
    { class: 'exception', 'data-exception': e.id, 'data-type': e.type },
    h('h3', {}, `${e.type} at ${e.provider}, ${e.day}`),
    h(
      'dl',
      {},
      Object.entries(facts).flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value ?? '—')]),
    ),
    evidence(e),
    e.state === 'open' ? resolveControl(e, reload) : null,
  );
}

/** The exceptions the form asks for, oldest first (the order to work them in). */
export function loadExceptions(form) {
  const query = { ...Object.fromEntries(new FormData(form)), order: 'asc' };
  const reload = () => loadExceptions(form);
  return pagedList($('exceptions-list'), '/v1/operator/reconciliation/exceptions', query, (rows) =>
    rows.length === 0
      ? h('p', {}, 'Reconciliation exceptions: none.')
      : h(
          'div',
          {},
          rows.map((e) => card(e, reload)),
        ),
  );
}

const counts = (exceptions) =>
  Object.entries(exceptions)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ') || 'none';

export const loadRuns = () =>
  pagedList($('runs-list'), '/v1/operator/reconciliation/runs', {}, (rows) =>
    table(
      'Reconciliation runs, newest first',
      ['Provider', 'Day', 'Finished', 'Records', 'Matched', 'Pending', 'Exceptions', 'Opened', ''],
      rows,
      (r) => [
        r.provider,
        r.day,
        r.finishedAt,
        r.records,
        r.matched,
        r.pending,
        counts(r.exceptions),
        r.opened,
        button('Lines (CSV)', () => saveLines(r), {
          'aria-label': `Download the lines of the ${r.provider} run of ${r.day}`,
        }),
      ],
      (r) => ({ 'data-run': r.id }),
    ),
  );

const saveLines = (r) =>
  act(`Downloading the lines of ${r.provider} ${r.day}`, async () => {
    const { filename, rows } = await download(`/v1/operator/reconciliation/runs/${r.id}/lines.csv`);
    return `Downloaded ${filename} (${rows} rows).`;
  });

/** The withdrawals of a range of days, of one merchant or all, as CSV. */
export const saveWithdrawals = (form) =>
  act('Downloading withdrawals', async () => {
    const { filename, rows } = await download(
      '/v1/operator/reports/withdrawals.csv',
      Object.fromEntries(new FormData(form)),
    );
    return `Downloaded ${filename} (${rows} rows).`;
  });
