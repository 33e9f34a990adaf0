import type { Clock } from '../../../ports/clock.port.js';
import type { Principal } from '../../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../../ports/unit-of-work.port.js';
import { domainError, MESSAGES } from '../../../shared/domain-error.js';
import { isUuid } from '../../../shared/request-field.js';
import { err, ok, type Result } from '../../../shared/result.js';
import { type WebhookBody, webhookBodyOf } from '../../../webhooks/webhook-event.js';
import { canRead } from './transaction-access.js';

/** Flows whose webhook payload the lookup serves (spec endpoint 7, rule 2). */
const WEBHOOK_FLOWS: ReadonlySet<string> = new Set(['PAYOUT', 'PAYMENT']);

/**
 * Spec endpoint 7: the body a webhook for the transaction's current state carries, for the merchant that owns
 * it, with `payload.timestamp` set to the time of this request. AWAITING_APPROVAL is shown as PENDING.
 */
export class GetWebhookPayload {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork; readonly clock: Clock }) {}

  async execute(principal: Principal, transactionId: string): Promise<Result<WebhookBody>> {
    if (!principal.scopes.has('merchant.apis'))
      return err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));
    const read = await this.deps.unitOfWork.readFor(principal);
    const view = isUuid(transactionId) ? await read.withdrawals.findWebhookView(transactionId) : null;
    if (!view || !canRead(principal, view, false))
      return err(domainError('TRANSACTION_NOT_FOUND', MESSAGES.TRANSACTION_NOT_FOUND));
    // Only withdrawals are stored today; the check keeps rule 2 true when other transaction types arrive.
    if (!WEBHOOK_FLOWS.has(view.flow))
      return err(domainError('UNSUPPORTED_TRANSACTION_TYPE', MESSAGES.UNSUPPORTED_TRANSACTION_TYPE));
    return ok(webhookBodyOf(view, this.deps.clock.now()));
  }
}
