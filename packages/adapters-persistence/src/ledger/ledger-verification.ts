import { describeLedgerReport, type FieldCipher, type LedgerReport, VerifyLedger } from '@payout/domain';
import type { Knex } from 'knex';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { recordLedgerVerification } from './ledger-verifications.js';

export interface LedgerVerification {
  /** False when a posting set does not balance or a wallet's balance differs from its postings. */
  readonly ok: boolean;
  /** Printable: one line per unbalanced posting set and per drifting wallet, naming it. */
  readonly report: string;
  readonly details: LedgerReport;
}

const refuse = (): never => {
  throw new Error('ledger verification reads no encrypted field and enqueues nothing');
};
/** The check reads ledger tables and wallet balances only, so it needs neither the field key nor pg-boss. */
const NO_CIPHER: FieldCipher = { encrypt: refuse, decrypt: refuse };

/** `npm run ledger:verify`: the domain's VerifyLedger over the database behind `knex`, its outcome kept. */
export async function runLedgerVerification(deps: { readonly knex: Knex }): Promise<LedgerVerification> {
  const startedAt = new Date();
  const unitOfWork = new KnexUnitOfWork({
    knex: deps.knex,
    cipher: NO_CIPHER,
    jobs: { in: () => ({ enqueue: refuse }) },
  });
  const details = await new VerifyLedger({ unitOfWork }).execute();
  await recordLedgerVerification(deps.knex, startedAt, details);
  return { ok: details.ok, report: describeLedgerReport(details), details };
}
