import { AUDIT_SUBJECT, type AuditAction, type AuditEntry } from '../../audit/audit-entry.js';
import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { TransactionScope } from '../../ports/unit-of-work.port.js';

/**
 * Writes the audit entry of an operator action in `tx`, the transaction of the action's effect: the entry exists
 * exactly when the effect was committed. Called once the action succeeded, never for a refused one.
 */
export function recordAudit(
  tx: TransactionScope,
  deps: { readonly ids: IdGenerator; readonly clock: Clock },
  principal: Principal,
  action: AuditAction,
  /** The id of what the action was done to; its type follows from the action (AUDIT_SUBJECT). */
  subjectId: string,
  changes: AuditEntry['changes'],
): Promise<void> {
  return tx.auditLog.append({
    id: deps.ids.next(),
    at: deps.clock.now(),
    actor: principal.subject,
    action,
    subjectType: AUDIT_SUBJECT[action],
    subjectId,
    changes,
  });
}
