import type { Clock } from '../../../ports/clock.port.js';
import type { RailWebhookRequest, RailWebhookVerifier } from '../../../ports/rail-webhook.port.js';
import type { UnitOfWork } from '../../../ports/unit-of-work.port.js';
import { domainError, MESSAGES } from '../../../shared/domain-error.js';
import { err, ok, type Result } from '../../../shared/result.js';

export interface ReceiveRailWebhookDeps {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly verifiers: readonly RailWebhookVerifier[];
}

/** What a verified webhook did: the withdrawals whose check it made due now (none for a transfer we do not know). */
export interface RailWebhookReceipt {
  readonly withdrawalIds: readonly string[];
}

/**
 * `POST /v1/rails/:provider/webhooks`: a provider says a transfer changed. Once its signature verifies, each
 * withdrawal it names is made due now, so a worker polls the provider at once and moves it by the same
 * transitions a scheduled poll would. Nothing is read from the body but references, so a repeated, late or
 * out-of-order webhook cannot move a withdrawal wrongly: at worst it costs one extra poll. Polling stays the
 * safety net for webhooks that never come.
 */
export class ReceiveRailWebhook {
  private readonly byProvider: ReadonlyMap<string, RailWebhookVerifier>;

  constructor(private readonly deps: ReceiveRailWebhookDeps) {
    this.byProvider = new Map(deps.verifiers.map((verifier) => [verifier.provider, verifier]));
  }

  async execute(provider: string, request: RailWebhookRequest): Promise<Result<RailWebhookReceipt>> {
    const verifier = this.byProvider.get(provider);
    if (!verifier) {
      // The path's text is named back only when it reads as a provider's name: an error repeats nothing else.
      const named = /^[a-z][a-z_]{0,31}$/.test(provider) ? `provider ${provider}` : 'this provider';
      return err(domainError('NOT_FOUND', MESSAGES.NO_WEBHOOKS_RECEIVED(named)));
    }
    const reading = await verifier.read(request);
    if (reading.kind === 'REFUSED') return err(domainError('UNAUTHORIZED', reading.detail));
    const now = this.deps.clock.now();
    const withdrawalIds: string[] = [];
    for (const reference of new Set(reading.references)) {
      const id = await this.deps.unitOfWork.read.withdrawals.checkNowByRailReference(
        verifier.rails,
        reference,
        now,
      );
      if (id !== null) withdrawalIds.push(id);
    }
    return ok({ withdrawalIds });
  }
}
