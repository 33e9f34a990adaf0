import {
  type PayoutRail,
  type RailStatus,
  type RailSubmitResult,
  UNRESOLVED_SUBMIT_ATTEMPTS,
} from '@payout/domain';

/** One call to a rail, as metrics count it: labels from closed sets only (no withdrawal id). */
export interface RailCall {
  readonly provider: string;
  readonly rail: string;
  readonly operation: 'submit' | 'status';
  /** The answer's kind in lower case (`accepted`, `rejected`, `unavailable`, …), or `error` when the call threw. */
  readonly outcome: string;
  readonly seconds: number;
}

/** The lines a rail's refusals are logged with (a pino logger fits). */
export interface RailLog {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface RailObservation {
  /** Who runs the rail (`simulated`, `paypal`): the same rail id may be served by different providers. */
  readonly provider: string;
  readonly record: (call: RailCall) => void;
  readonly log: RailLog;
}

/**
 * `rail`, each call timed and recorded by outcome, and each refusal logged with the withdrawal id, rail and reason
 * (never the destination: its account or card number stays out of the logs). A rejection at submission and a
 * failure or return learned by a poll each log one line: the rail answers them once, then the payout is final. Each
 * unavailable answer to a submission logs one line with its attempt and the adapter's detail.
 */
export function observedRail(rail: PayoutRail, observation: RailObservation): PayoutRail {
  const { provider, record, log } = observation;
  const timed = async <T extends RailSubmitResult | RailStatus>(
    operation: RailCall['operation'],
    call: () => Promise<T>,
  ): Promise<T> => {
    const started = performance.now();
    const done = (outcome: string) =>
      record({ provider, rail: rail.id, operation, outcome, seconds: (performance.now() - started) / 1000 });
    try {
      const result = await call();
      done(result.kind.toLowerCase());
      return result;
    } catch (error) {
      done('error');
      throw error;
    }
  };
  const submit: PayoutRail['submit'] = async (submission) => {
    const result = await timed('submit', () => rail.submit(submission));
    const fields = { withdrawalId: submission.withdrawalId, rail: rail.id, provider };
    if (result.kind === 'REJECTED')
      log.warn({ ...fields, reason: result.reason }, 'rail rejected the payout');
    if (result.kind === 'UNAVAILABLE') {
      const unanswered = { ...fields, attempt: submission.attempt, detail: result.detail };
      if (submission.attempt >= UNRESOLVED_SUBMIT_ATTEMPTS)
        log.error(unanswered, 'payout submission unresolved: check it with the provider');
      else log.warn(unanswered, 'rail unavailable for the payout: retrying with the same idempotency key');
    }
    return result;
  };
  const status: PayoutRail['status'] = async (query) => {
    const result = await timed('status', () => rail.status(query));
    if (result.kind === 'FAILED' || result.kind === 'RETURNED')
      log.warn(
        { withdrawalId: query.withdrawalId, rail: rail.id, provider, reason: result.reason },
        result.kind === 'FAILED' ? 'rail failed the payout' : 'rail returned the payout',
      );
    return result;
  };
  // The rail itself behind two methods: its settings, and what it is (`instanceof`), stay the rail's.
  return Object.create(rail, { submit: { value: submit }, status: { value: status } }) as PayoutRail;
}
