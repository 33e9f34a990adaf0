import {
  ModernTreasuryPaymentOrderRail,
  type ModernTreasuryPaymentOrderRailOptions,
} from './modern-treasury-payment-orders.rail.js';

export type ModernTreasuryRailsOptions = Omit<
  ModernTreasuryPaymentOrderRailOptions,
  'id' | 'pollIntervalMs' | 'returnWindowMs' | 'returnPollIntervalMs'
>;

/** The ACH, RTP, WIRE and SWIFT rails of one Modern Treasury internal account, each with its own defaults. */
export function createModernTreasuryRails(
  options: ModernTreasuryRailsOptions,
): ModernTreasuryPaymentOrderRail[] {
  return (['ACH', 'RTP', 'WIRE', 'SWIFT'] as const).map(
    (id) => new ModernTreasuryPaymentOrderRail({ ...options, id }),
  );
}
