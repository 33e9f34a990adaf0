/**
 * The spec's withdrawal rate (docs/product.md §5): every authenticated withdrawal request is counted per (entity,
 * client IP) in a fixed window of a minute, and one more than the window allows is refused (429 RATE_LIMITED).
 * The whole rule is here: the window, how many a window allows unless WITHDRAWAL_RATE_LIMIT_PER_MINUTE says
 * otherwise, what is counted together, and what the refused request is told.
 */
const WINDOW_SECONDS = 60;

export const WITHDRAWAL_RATE_LIMIT = {
  windowSeconds: WINDOW_SECONDS,
  defaultPerWindow: 1,
  message: `Too many requests. Please retry after ${WINDOW_SECONDS} seconds.`,
} as const;

/** The counter a request is counted on: its entity (or, without one, its subject) and its client's address. */
export const withdrawalRateKey = (
  principal: { readonly entityId: string | null; readonly subject: string } | null,
  clientIp: string | undefined,
): string =>
  `withdrawal:${principal?.entityId ?? principal?.subject ?? 'anonymous'}:${clientIp ?? 'unknown'}`;
