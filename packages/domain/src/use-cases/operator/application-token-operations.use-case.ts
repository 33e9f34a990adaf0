import type {
  ApplicationToken,
  ApplicationTokenPurpose,
  WithdrawalSource,
} from '../../application-token/application-token.js';
import type { Money } from '../../money/money.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { notFound, type OperatorDeps, parsePositiveMoney, requireOperator } from './operator-deps.js';
import { recordAudit } from './record-audit.js';

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
export const MAX_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface IssueApplicationTokenInput {
  readonly entityId?: unknown;
  readonly purpose?: unknown;
  readonly amount?: unknown;
  readonly withdrawalSource?: unknown;
  readonly expiresInSeconds?: unknown;
}

/**
 * `POST /v1/operator/application-tokens` (standing in for the widget back end, docs/product.md §3): an opaque token
 * shown once; only its SHA-256 hash is stored.
 */
export class IssueApplicationToken {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    input: IssueApplicationTokenInput,
  ): Promise<Result<{ token: string; id: string; expiresAt: string }>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (input.purpose !== 'ACCOUNT_LINK' && input.purpose !== 'PAYMENT_LINK')
      return err(validationError('purpose', 'purpose must be ACCOUNT_LINK or PAYMENT_LINK'));
    const source = input.withdrawalSource ?? 'ENTITY_WALLET';
    if (source !== 'ENTITY_WALLET' && source !== 'MERCHANT_WALLET')
      return err(
        validationError('withdrawalSource', 'withdrawalSource must be ENTITY_WALLET or MERCHANT_WALLET'),
      );
    let amount: Money | null = null;
    if (input.amount !== undefined) {
      const parsed = parsePositiveMoney('amount', input.amount);
      if (!parsed.ok) return parsed;
      amount = parsed.value;
    }
    if (source === 'MERCHANT_WALLET' && (input.purpose !== 'PAYMENT_LINK' || amount === null))
      return err(validationError('amount', 'a MERCHANT_WALLET token is a PAYMENT_LINK with an amount'));
    const ttl = input.expiresInSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TOKEN_TTL_SECONDS)
      return err(
        validationError(
          'expiresInSeconds',
          `expiresInSeconds must be an integer from 1 to ${MAX_TOKEN_TTL_SECONDS}`,
        ),
      );
    const { ids, clock, unitOfWork, secrets } = this.deps;
    const entity =
      typeof input.entityId === 'string' ? await unitOfWork.read.entities.findById(input.entityId) : null;
    if (!entity) return err(notFound('Entity'));
    const now = clock.now();
    const token = secrets.applicationToken();
    const record: ApplicationToken = {
      id: ids.next(),
      tokenHash: secrets.hash(token),
      merchantId: entity.merchantId,
      entityId: entity.id,
      purpose: input.purpose as ApplicationTokenPurpose,
      amount,
      withdrawalSource: source as WithdrawalSource,
      expiresAt: new Date(now.getTime() + ttl * 1000),
      status: 'ACTIVE',
      createdAt: now,
    };
    await unitOfWork.run(async (tx) => {
      await tx.applicationTokens.insert(record);
      await recordAudit(tx, this.deps, principal, 'APPLICATION_TOKEN_ISSUED', record.id, {
        token: 'issued',
        entityId: record.entityId,
        purpose: record.purpose,
        amount: record.amount?.toString() ?? null,
        withdrawalSource: record.withdrawalSource,
        expiresAt: record.expiresAt.toISOString(),
      });
    }, principal);
    return ok({ token, id: record.id, expiresAt: record.expiresAt.toISOString() });
  }
}
