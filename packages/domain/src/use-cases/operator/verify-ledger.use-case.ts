import type { LedgerDrift } from '../../ports/ledger-repository.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';

export interface LedgerReport {
  readonly ok: boolean;
  readonly unbalancedEntryIds: readonly string[];
  readonly drift: readonly LedgerDrift[];
}

/** The ledger invariant: every posting set sums to zero and every wallet balance equals its postings. */
export class VerifyLedger {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async execute(): Promise<LedgerReport> {
    const ledger = this.deps.unitOfWork.read.ledger;
    const [unbalancedEntryIds, drift] = await Promise.all([
      ledger.unbalancedEntryIds(),
      ledger.walletDrift(),
    ]);
    return { ok: unbalancedEntryIds.length === 0 && drift.length === 0, unbalancedEntryIds, drift };
  }
}

export function describeLedgerReport(report: LedgerReport): string {
  if (report.ok) return 'ledger verified: every posting set balances and every wallet equals its postings';
  const lines = [
    ...report.unbalancedEntryIds.map((id) => `unbalanced posting set ${id}`),
    ...report.drift.map(
      (d) => `wallet ${d.walletId}: balance ${d.balance} but postings sum to ${d.postings}`,
    ),
  ];
  return `ledger drift found:\n${lines.join('\n')}`;
}
