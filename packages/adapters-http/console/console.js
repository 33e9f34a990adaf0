// The operator console's entry point: signing in, and each section's controls bound to what they do.
import { loadUnusable } from './accounts.js';
import { session } from './api.js';
import { loadDeliveries } from './deliveries.js';
import { table } from './dom.js';
import { loadMerchants } from './merchants.js';
import { loadQueue } from './queue.js';
import { loadExceptions, loadRuns, saveWithdrawals } from './reconciliation.js';
import { $, act, pagedList, signedIn, signOut } from './ui.js';
import { openWithdrawal, search } from './withdrawals.js';

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
submit('open', (form) => openWithdrawal(new FormData(form).get('id')));
submit('deliveries-search', (form) => act('Loading webhook deliveries', () => loadDeliveries(form)));
submit('exceptions-search', (form) => act('Loading reconciliation exceptions', () => loadExceptions(form)));
submit('report-withdrawals', saveWithdrawals);
submit('audit-search', (form) => act('Loading the audit log', () => loadAudit(form)));
$('queue-refresh').addEventListener('click', () => act('Loading the approvals queue', loadQueue));
$('merchants-load').addEventListener('click', () => act('Loading merchants', loadMerchants));
$('accounts-load').addEventListener('click', () => act('Loading unusable accounts', loadUnusable));
$('runs-load').addEventListener('click', () => act('Loading reconciliation runs', loadRuns));
$('sign-out').addEventListener('click', () => signOut('Signed out.'));

if (session.token()) start();
else $('token').focus();
