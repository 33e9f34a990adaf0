import {
  ModernTreasuryPaymentOrderRail,
  type ModernTreasuryPaymentOrderRailOptions,
} from './modern-treasury-payment-orders.rail.js';

export type ModernTreasuryRailsOptions = Omit<
  ModernTreasuryPaymentOrderRailOptions,
  'id' | 'pollIntervalMs' | 'returnWindowMs' | 'returnPollIntervalMs'
>;

/**
 * The ACH, RTP, WIRE, SWIFT and PUSH_TO_CARD rails of one Modern Treasury internal account, each with its own
 * defaults.
 */
export function createModernTreasuryRails(
  options: ModernTreasuryRailsOptions,
): ModernTreasuryPaymentOrderRail[] {
  return (['ACH', 'RTP', 'WIRE', 'SWIFT', 'PUSH_TO_CARD'] as const).map(
    (id) => new ModernTreasuryPaymentOrderRail({ ...options, id }),
  );
}
