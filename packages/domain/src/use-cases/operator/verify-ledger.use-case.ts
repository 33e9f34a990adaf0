import type { LedgerDrift, SettlementDrift } from '../../ports/ledger-repository.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';

export interface LedgerReport {
  readonly ok: boolean;
  readonly unbalancedEntryIds: readonly string[];
  readonly drift: readonly LedgerDrift[];
  /** Settlement accounts that differ from the withdrawals (LedgerRepository.settlementDrift). */
  readonly settlement: readonly SettlementDrift[];
}

/**
 * The ledger invariant: every posting set sums to zero, every wallet balance equals its postings, payouts in
 * transit are exactly the payouts neither settled nor reversed, and each provider's settled account holds its
 * settled payouts (docs/reconciliation.md#accounts).
 */
export class VerifyLedger {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async execute(): Promise<LedgerReport> {
    const ledger = this.deps.unitOfWork.read.ledger;
    const [unbalancedEntryIds, drift, settlement] = await Promise.all([
      ledger.unbalancedEntryIds(),
      ledger.walletDrift(),
      ledger.settlementDrift(),
    ]);
    const ok = unbalancedEntryIds.length === 0 && drift.length === 0 && settlement.length === 0;
    return { ok, unbalancedEntryIds, drift, settlement };
  }
}

export function describeLedgerReport(report: LedgerReport): string {
  if (report.ok)
    return 'ledger verified: every posting set balances, and every wallet and settlement account holds what it should';
  const lines = [
    ...report.unbalancedEntryIds.map((id) => `unbalanced posting set ${id}`),
    ...report.drift.map(
      (d) => `wallet ${d.walletId}: balance ${d.balance} but postings sum to ${d.postings}`,
    ),
    ...report.settlement.map(
      (d) => `${d.account}: postings sum to ${d.postings} but its payouts sum to ${d.payouts}`,
    ),
  ];
  return `ledger drift found:\n${lines.join('\n')}`;
}
