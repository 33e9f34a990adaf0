import { LEDGER_ACCOUNTS, type LedgerEntry, UNRECORDED_PROVIDER } from '../ledger/ledger-entry.js';
import { Money } from '../money/money.js';
import type { SettlementDrift } from '../ports/ledger-repository.port.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';

const PROVIDER_ACCOUNT = /^provider:(.+):(settled|fees)$/;

/** LedgerRepository.settlementDrift over the in-memory ledger and withdrawals, as the SQL of the Knex one. */
export function inMemorySettlementDrift(
  ledger: readonly LedgerEntry[],
  withdrawals: Iterable<Withdrawal>,
): SettlementDrift[] {
  const postings = new Map<string, Money>();
  const payouts = new Map<string, Money>();
  const add = (map: Map<string, Money>, account: string, amount: Money) =>
    map.set(account, (map.get(account) ?? Money.ZERO).plus(amount));
  add(postings, LEDGER_ACCOUNTS.payoutsInTransit, Money.ZERO);
  add(payouts, LEDGER_ACCOUNTS.payoutsInTransit, Money.ZERO);
  for (const line of ledger.flatMap((entry) => entry.lines)) {
    if (line.account === LEDGER_ACCOUNTS.payoutsInTransit) add(postings, line.account, line.amount);
    const provider = PROVIDER_ACCOUNT.exec(line.account)?.[1];
    if (provider !== undefined) add(postings, `provider:${provider}`, line.amount);
  }
  for (const w of withdrawals) {
    if (!w.debited || w.reversed) continue;
    if (w.status === 'SUCCESS') add(payouts, `provider:${w.railProvider ?? UNRECORDED_PROVIDER}`, w.amount);
    else add(payouts, LEDGER_ACCOUNTS.payoutsInTransit, w.amount);
  }
  const accounts = [...new Set([...postings.keys(), ...payouts.keys()])].sort();
  return accounts
    .map((account) => ({
      account,
      postings: postings.get(account) ?? Money.ZERO,
      payouts: payouts.get(account) ?? Money.ZERO,
    }))
    .filter((drift) => !drift.postings.equals(drift.payouts));
}
