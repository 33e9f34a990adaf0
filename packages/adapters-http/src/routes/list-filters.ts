import type {
  DeliveryState,
  RailId,
  WebhookEventFilter,
  WithdrawalFilter,
  WithdrawalStatus,
} from '@payout/domain';
import type { Request } from 'express';
import { queryOf } from './pagination.js';

const date = (value: string | undefined): Date | undefined =>
  value === undefined ? undefined : new Date(value);

/** Drops the filters the query left out, so that none is passed as `undefined`. */
const defined = <T extends object>(filter: T): T =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as T;

/** The withdrawal filters of a validated query (its ids canonical: queryOf). */
export function withdrawalFilterOf(req: Request): WithdrawalFilter {
  const q = queryOf(req);
  return defined({
    merchantId: q.merchantId,
    entityId: q.entityId,
    status: q.status as WithdrawalStatus | undefined,
    rail: q.rail as RailId | undefined,
    createdFrom: date(q.createdFrom),
    createdTo: date(q.createdTo),
  });
}

/** The operator's withdrawal filters: the clients' ones, and `unresolved=true`. */
export function operatorWithdrawalFilterOf(req: Request): WithdrawalFilter {
  return queryOf(req).unresolved === 'true'
    ? { ...withdrawalFilterOf(req), unresolved: true }
    : withdrawalFilterOf(req);
}

export function deliveryFilterOf(req: Request): { withdrawalId?: string; deliveryState?: DeliveryState } {
  const q = queryOf(req);
  return defined({
    withdrawalId: q.transactionId,
    deliveryState: q.deliveryState as DeliveryState | undefined,
  });
}

/** The operator's delivery filters: every merchant's unless `merchantId` names one. */
export function operatorDeliveryFilterOf(req: Request): WebhookEventFilter {
  const q = queryOf(req);
  return defined({
    merchantId: q.merchantId,
    withdrawalId: q.transactionId,
    deliveryState: (q.outcome ?? q.deliveryState) as DeliveryState | undefined,
  });
}
