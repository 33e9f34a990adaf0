import type { Worker } from '../container/tokens.js';

/** The worker side of the webhook delivery queue (the domain's DeliverWebhook). */
export interface WebhookDeliveries {
  claimDue(limit: number): Promise<readonly string[]>;
  handle(eventId: string): Promise<void>;
}

export interface WebhookDeliveryRunnerOptions {
  /** Deliveries in flight in this process: each waits on a merchant's server, up to the sender's timeout. */
  readonly concurrency: number;
  /** How long to wait before looking again when nothing was due. */
  readonly idleMs: number;
  readonly onError: (error: unknown) => void;
}

/**
 * Keeps up to `concurrency` deliveries in flight. It claims due events in batches: when it starts, when
 * nothing was due for `idleMs`, and whenever half its slots are free, so a busy queue costs one claim per
 * several deliveries and an idle one a query per `idleMs`. Claims are leased, so any number of runners in any
 * number of processes share the queue, and a runner that dies only delays its events until their leases end.
 */
export class WebhookDeliveryRunner implements Worker {
  private running = false;
  private claiming = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly options: WebhookDeliveryRunnerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.claim();
  }

  /** Stops claiming and waits for the deliveries in flight, so their attempts are recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private async claim(): Promise<void> {
    const free = this.options.concurrency - this.inFlight.size;
    if (!this.running || this.claiming || free <= 0) return;
    this.claiming = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let ids: readonly string[] = [];
    try {
      ids = await this.deliveries.claimDue(free);
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.claiming = false;
    }
    for (const id of ids) this.deliver(id);
    if (!this.running) return;
    if (ids.length === free) setImmediate(() => void this.claim());
    else this.timer = setTimeout(() => void this.claim(), this.options.idleMs);
  }

  private deliver(eventId: string): void {
    const delivery: Promise<void> = this.deliveries
      .handle(eventId)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.inFlight.delete(delivery);
        if (this.inFlight.size <= this.options.concurrency / 2) void this.claim();
      });
    this.inFlight.add(delivery);
  }
}
