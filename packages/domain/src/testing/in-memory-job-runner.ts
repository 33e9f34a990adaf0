import type { Clock } from '../ports/clock.port.js';
import type { Job } from '../ports/job-queue.port.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/**
 * The worker of the in-memory `test` environment: runs the committed jobs whose start time has come, one at a
 * time, like the pg-boss workers do on PostgreSQL. A failing job is retried on the next tick.
 */
export class InMemoryJobRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly unitOfWork: InMemoryUnitOfWork,
    private readonly clock: Clock,
    private readonly handle: (job: Job) => Promise<void>,
    private readonly tickMs = 20,
    private readonly onError: (error: unknown, job: Job) => void = () => {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.running.then(async () => {
        await this.tick();
      });
    }, this.tickMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every due job once; returns how many ran. */
  async tick(): Promise<number> {
    const now = this.clock.now().getTime();
    const due = this.unitOfWork.state.jobs.filter((q) => (q.options.startAfter?.getTime() ?? 0) <= now);
    this.unitOfWork.state.jobs = this.unitOfWork.state.jobs.filter((q) => !due.includes(q));
    for (const queued of due) {
      try {
        await this.handle(queued.job);
      } catch (error) {
        this.onError(error, queued.job);
        this.unitOfWork.state.jobs.push(queued);
      }
    }
    return due.length;
  }
}
