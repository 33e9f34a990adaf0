const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long after a payout's submission its provider may still hold it as not final (docs/reconciliation.md#windows):
 * until then a payout pending on either side, or missing from the provider's list, is not an exception.
 * - simulated: its longest default delay is seconds; ten minutes leaves room for RAIL_DELAYS_MS.
 * - increase, modern_treasury: ACH settles in one or two banking days; four days span a weekend and a holiday.
 * - paypal: a payout item to an unregistered recipient stays UNCLAIMED for 30 days before it is returned.
 * - wise: most transfers arrive within two working days, some routes take up to four.
 */
export const SETTLEMENT_WINDOWS_MS: Readonly<Record<string, number>> = {
  simulated: 10 * 60_000,
  increase: 4 * DAY_MS,
  modern_treasury: 4 * DAY_MS,
  paypal: 31 * DAY_MS,
  wise: 6 * DAY_MS,
};

/** For a provider the table does not name. */
export const DEFAULT_SETTLEMENT_WINDOW_MS = 6 * DAY_MS;

export const settlementWindowOf = (
  provider: string,
  windows: Readonly<Record<string, number>> = SETTLEMENT_WINDOWS_MS,
): number => windows[provider] ?? DEFAULT_SETTLEMENT_WINDOW_MS;
