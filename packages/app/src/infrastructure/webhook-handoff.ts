import type {
  DueDelivery,
  TransactionScope,
  UnitOfWork,
  WebhookEvent,
  WebhookEventRepository,
} from '@payout/domain';

/** This process's webhook delivery, as the handoff sees it (the webhook runner, see `runnerHandoff`). */
export interface HandoffTarget {
  /** Holds a delivery slot for an event of `merchantId`; false when there is no room or no delivery running. */
  reserve(merchantId: string): boolean;
  /** Gives up a slot held for an event of `merchantId`: its transaction rolled back. */
  release(merchantId: string): void;
  /** Delivers committed events, each in the slot held for it. */
  deliver(events: readonly WebhookEvent[]): void;
  /** New events were refused a slot and have been committed due: the delivery may look for them now. */
  lookAgain(): void;
}

/** An event announced just now (due at once, never tried), as a status change inserts it. */
const isNew = (event: WebhookEvent): boolean =>
  event.deliveryState === 'PENDING' &&
  event.attempts === 0 &&
  event.nextAttemptAt !== null &&
  event.nextAttemptAt.getTime() <= event.createdAt.getTime();

/**
 * Hands the webhook events this process's transactions create to this process's delivery, as they commit, instead
 * of leaving them to a claim: a worker that records a status change delivers its webhook itself, at once, and the
 * event costs no claim (a claim is an UPDATE of every claimed row and its indexes, and a read of it back). Each new
 * event that finds a free delivery slot is stored already leased to this process (`nextAttemptAt` a lease from its
 * creation, as a claim would leave it) and delivered once its transaction commits; if the transaction rolls back,
 * the slot is freed. If the process dies in between, the lease ends and any worker claims the event, as it would a
 * claimed one. Without a free slot, or without delivery running in this process (an API-only process), events are
 * stored due at once and claimed as before.
 */
export class WebhookHandoff {
  private target: HandoffTarget | null = null;
  private announce: (() => void) | null = null;

  constructor(private readonly leaseMs: number) {}

  /** Where events go from now on: this process's delivery, once it is built. */
  attach(target: HandoffTarget): void {
    this.target = target;
  }

  /**
   * In a process without delivery (API only): whom to tell, once a transaction that stored new events has
   * committed, that events are due (the workers, through EventsDuePublisher), so that an idle worker claims them at
   * once rather than at its next look. A hint: one that is lost only leaves the events to that look.
   */
  announceTo(announce: () => void): void {
    this.announce = announce;
  }

  /** `unitOfWork`, its transactions handing their new events over. */
  wrap(unitOfWork: UnitOfWork): UnitOfWork {
    return {
      read: unitOfWork.read,
      readBack: (read) => unitOfWork.readBack(read),
      run: (work) => this.run(unitOfWork, work),
    };
  }

  private async run<T>(unitOfWork: UnitOfWork, work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    if (!this.target && !this.announce) return unitOfWork.run(work);
    let held: WebhookEvent[] = [];
    let refused = false;
    const release = () => {
      for (const event of held) this.target?.release(event.merchantId);
      held = [];
    };
    let result: T;
    try {
      result = await unitOfWork.run((tx) => {
        // A second call is a rerun (a deadlock broken): the first one's transaction rolled back.
        release();
        refused = false;
        return work(
          this.scope(
            tx,
            (event) => held.push(event),
            () => {
              refused = true;
            },
          ),
        );
      });
    } catch (error) {
      release();
      throw error;
    }
    if (held.length > 0) this.target?.deliver(held);
    if (refused) {
      if (this.target) this.target.lookAgain();
      else this.announce?.();
    }
    return result;
  }

  private scope(
    tx: TransactionScope,
    hold: (event: WebhookEvent) => void,
    refuse: () => void,
  ): TransactionScope {
    const events = tx.webhookEvents;
    const insert = async (event: WebhookEvent): Promise<void> => {
      if (!isNew(event)) return events.insert(event);
      if (!this.target?.reserve(event.merchantId)) {
        refuse();
        return events.insert(event);
      }
      const leased = { ...event, nextAttemptAt: new Date(event.createdAt.getTime() + this.leaseMs) };
      hold(leased);
      return events.insert(leased);
    };
    // The transaction's repository with its own `insert` in front: every other method is the repository's.
    const webhookEvents: WebhookEventRepository = Object.create(events, { insert: { value: insert } });
    return { ...tx, webhookEvents };
  }
}

/** What `runnerHandoff` needs of the webhook runner (LeasedQueueRunner). */
export interface DeliveryRunner {
  reserve(merchantId: string): boolean;
  release(merchantId: string): void;
  offer(due: DueDelivery): void;
  lookAgain(): void;
}

/**
 * The webhook runner as a handoff target: the events committed in one turn of the event loop are offered together,
 * after one read of each merchant's endpoint (`withEndpoints`, as a claim reads them). If that read fails, their
 * slots are freed and the events wait for their lease to end, then for a claim.
 */
export function runnerHandoff(
  runner: DeliveryRunner,
  withEndpoints: (events: readonly WebhookEvent[]) => Promise<readonly DueDelivery[]>,
  onError: (error: unknown) => void,
): HandoffTarget {
  let waiting: WebhookEvent[] = [];
  const offer = async () => {
    const events = waiting;
    waiting = [];
    try {
      for (const due of await withEndpoints(events)) runner.offer(due);
    } catch (error) {
      for (const event of events) runner.release(event.merchantId);
      onError(error);
    }
  };
  return {
    reserve: (merchantId) => runner.reserve(merchantId),
    release: (merchantId) => runner.release(merchantId),
    deliver: (events) => {
      if (waiting.length === 0) setImmediate(() => void offer());
      waiting.push(...events);
    },
    lookAgain: () => runner.lookAgain(),
  };
}
