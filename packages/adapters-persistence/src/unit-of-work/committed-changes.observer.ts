import type {
  Principal,
  TransactionScope,
  UnitOfWork,
  WebhookAttempt,
  WebhookEvent,
  WebhookEventRepository,
  Withdrawal,
  WithdrawalRepository,
} from '@payout/domain';

/** What happened in a committed transaction, told once it has committed (never for one rolled back). */
export interface CommittedChanges {
  /** A withdrawal was created, in the status it was created in. */
  withdrawalCreated(withdrawal: Withdrawal): void;
  /** A withdrawal changed status (a return: SUCCESS to FAILED, counts as one). */
  withdrawalMoved(withdrawal: Withdrawal): void;
  /**
   * A rail took a payout after it had ended FAILED with its debit reversed (an operator failed it while an attempt
   * was held up): the FAILED withdrawal got a rail reference. Someone must reconcile it with the provider.
   */
  acceptedAfterFailing(withdrawal: Withdrawal): void;
  /** An attempt answered 410 and the merchant's endpoint was disabled for it. */
  endpointDisabled(event: WebhookEvent, attempt: WebhookAttempt): void;
  /** An event's delivery failed for good: its retry schedule is spent. */
  deliveryExhausted(event: WebhookEvent, attempt: WebhookAttempt | null): void;
}

/**
 * `unitOfWork`, telling `changes` what each of its transactions did once it has committed. The changes are noted
 * as the transaction writes them and dropped if it rolls back: a rerun (a deadlock broken) notes its own. A
 * transaction whose COMMIT's outcome is unknown tells nothing. Metrics and operator log lines are made from them.
 */
export function observeCommits(unitOfWork: UnitOfWork, changes: CommittedChanges): UnitOfWork {
  const run = async <T>(work: (tx: TransactionScope) => Promise<T>, writer?: Principal): Promise<T> => {
    let notes: (() => void)[] = [];
    const result = await unitOfWork.run((tx) => {
      notes = [];
      return work(noting(tx, notes, changes));
    }, writer);
    for (const note of notes) note();
    return result;
  };
  return {
    read: unitOfWork.read,
    readFor: (reader) => unitOfWork.readFor(reader),
    readBack: (read) => unitOfWork.readBack(read),
    run,
  };
}

function noting(tx: TransactionScope, notes: (() => void)[], changes: CommittedChanges): TransactionScope {
  const { withdrawals, webhookEvents } = tx;
  const attempts = new Map<string, WebhookAttempt>();
  const locked = new Map<string, Withdrawal>();
  // The transaction's repositories with a few methods in front: every other method is the repository's.
  const observedWithdrawals: WithdrawalRepository = Object.create(withdrawals, {
    lockById: {
      value: async (id: string) => {
        const withdrawal = await withdrawals.lockById(id);
        if (withdrawal) locked.set(withdrawal.id, withdrawal);
        return withdrawal;
      },
    },
    insert: {
      value: async (withdrawal: Withdrawal) => {
        await withdrawals.insert(withdrawal);
        notes.push(() => changes.withdrawalCreated(withdrawal));
      },
    },
    update: {
      value: async (withdrawal: Withdrawal, expectedSequence: number) => {
        await withdrawals.update(withdrawal, expectedSequence);
        // The sequence counts status changes: an update that keeps it (a next check, an attempt) moved nothing.
        if (withdrawal.sequence !== expectedSequence) notes.push(() => changes.withdrawalMoved(withdrawal));
        const before = locked.get(withdrawal.id);
        if (before?.status === 'FAILED' && before.railReference === null && withdrawal.railReference !== null)
          notes.push(() => changes.acceptedAfterFailing(withdrawal));
      },
    },
  });
  const observedEvents: WebhookEventRepository = Object.create(webhookEvents, {
    recordAttempt: {
      value: async (attempt: WebhookAttempt) => {
        await webhookEvents.recordAttempt(attempt);
        attempts.set(attempt.eventId, attempt);
      },
    },
    update: {
      value: async (event: WebhookEvent, expectedAttempts?: number) => {
        await webhookEvents.update(event, expectedAttempts);
        const attempt = attempts.get(event.id) ?? null;
        if (event.deliveryState === 'FAILED') notes.push(() => changes.deliveryExhausted(event, attempt));
        // An event parked because its endpoint was already disabled made no attempt here: only a 410 disables.
        else if (event.deliveryState === 'ENDPOINT_DISABLED' && attempt?.statusCode === 410)
          notes.push(() => changes.endpointDisabled(event, attempt));
      },
    },
  });
  return { ...tx, withdrawals: observedWithdrawals, webhookEvents: observedEvents };
}
