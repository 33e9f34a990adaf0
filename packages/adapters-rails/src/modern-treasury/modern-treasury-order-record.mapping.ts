import type { ProviderRecord, ProviderRecordState } from '@payout/domain';
import type ModernTreasury from 'modern-treasury';
import { asArray, asObject, dateOf, text } from '../http/json-fields.js';
import { decimalOfMinorUnits } from '../money/record-amounts.js';

/** The fields read, by the names Modern Treasury's SDK gives them: a field renamed in the SDK fails the build. */
type Read<T, K extends keyof T> = { readonly [P in K]?: unknown };
type OrderFields = Read<
  ModernTreasury.PaymentOrder,
  'id' | 'amount' | 'currency' | 'status' | 'metadata' | 'created_at' | 'current_return'
>;
type OrderStatus = ModernTreasury.PaymentOrder['status'];
type ReversalFields = Read<ModernTreasury.PaymentOrders.Reversal, 'status' | 'updated_at'>;
type ReversalStatus = ModernTreasury.PaymentOrders.Reversal['status'];

/** Refused or called off before it was sent, or a stop payment: nothing moved. */
const FAILED = new Set<OrderStatus>(['cancelled', 'denied', 'failed', 'stopped']);
/** A reversal still on its way: the money may yet come back. */
const REVERSAL_UNDER_WAY = new Set<ReversalStatus>(['pending', 'processing', 'sent']);

/** An order's fields before its state, or undefined when it lacks what a record needs. */
export function orderFacts(body: unknown) {
  const order = asObject<OrderFields>(body);
  const providerId = text(order.id);
  const status = text(order.status);
  const currency = text(order.currency);
  const createdAt = dateOf(order.created_at);
  const amount = currency ? decimalOfMinorUnits(order.amount, currency) : undefined;
  if (!providerId || !status || !currency || !createdAt || amount === undefined) return undefined;
  return { order, providerId, status, currency, createdAt, amount };
}

type Facts = NonNullable<ReturnType<typeof orderFacts>>;

/**
 * A payment order as a provider record: its id, the `withdrawal_id` metadata every order of ours carries (Modern
 * Treasury does not show the Idempotency-Key on the order), amount in the currency's smallest unit, state and
 * dates. A returned order's return (`current_return`) says when. A reversed order is what its reversals say
 * (`reversals`, read for it): completed brought the money back, one under way is not final, and refused ones
 * leave it paid. Completed carries no time of its own; Modern Treasury reports no fee on an order.
 */
export function recordOfOrder(facts: Facts, reversals?: unknown): ProviderRecord {
  const { order, providerId, status, currency, createdAt, amount } = facts;
  const { state, finalAt } = outcomeOf(status as OrderStatus, order, reversals);
  return {
    provider: 'modern_treasury',
    providerId,
    reference: text(asObject<{ withdrawal_id?: unknown }>(order.metadata).withdrawal_id) ?? null,
    amount,
    currency: currency.toUpperCase(),
    state,
    providerState: status,
    createdAt,
    finalAt,
    fee: null,
  };
}

function outcomeOf(
  status: OrderStatus,
  order: OrderFields,
  reversals: unknown,
): { state: ProviderRecordState; finalAt: Date | null } {
  if (status === 'completed') return { state: 'PAID', finalAt: null };
  if (status === 'returned')
    return {
      state: 'RETURNED',
      finalAt: dateOf(asObject<{ created_at?: unknown }>(order.current_return).created_at) ?? null,
    };
  if (FAILED.has(status)) return { state: 'FAILED', finalAt: null };
  if (status !== 'reversed') return { state: 'PENDING', finalAt: null };
  const shown = asArray<unknown>(reversals).map((r) => asObject<ReversalFields>(r));
  const completed = shown.find((r) => text(r.status) === 'completed');
  if (completed) return { state: 'RETURNED', finalAt: dateOf(completed.updated_at) ?? null };
  if (shown.length === 0 || shown.some((r) => REVERSAL_UNDER_WAY.has(text(r.status) as ReversalStatus)))
    return { state: 'PENDING', finalAt: null };
  return { state: 'PAID', finalAt: null };
}
