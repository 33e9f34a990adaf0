import type { LinkKind } from '../linked-account/link-kind.js';
import type { RailId } from '../rails/rail-id.js';
import { type DomainError, domainError, MESSAGES } from '../shared/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';

export const ROUTING_TYPES = ['ACH', 'RTP', 'WIRE', 'BANK'] as const;
export type RoutingType = (typeof ROUTING_TYPES)[number];
export const isRoutingType = (value: unknown): value is RoutingType =>
  typeof value === 'string' && (ROUTING_TYPES as readonly string[]).includes(value);

type Routes = Readonly<Record<RoutingType | 'OMITTED', RailId | null>>;
const every = (rail: RailId): Routes => ({ OMITTED: rail, ACH: rail, RTP: rail, WIRE: rail, BANK: rail });

/** The spec's routing table plus docs/product.md §4. `null` marks a combination that is refused with 400. */
export const ROUTING_TABLE: Readonly<Record<LinkKind, Routes>> = {
  bank: { OMITTED: 'ACH', ACH: 'ACH', BANK: 'ACH', RTP: 'RTP', WIRE: 'WIRE' },
  international_bank: { OMITTED: 'SWIFT', ACH: 'SWIFT', BANK: 'SWIFT', WIRE: 'SWIFT', RTP: null },
  card: every('PUSH_TO_CARD'),
  prepaid_card: every('PUSH_TO_CARD'),
  zelle: every('ZELLE'),
  paypal: every('PAYPAL'),
  venmo: every('VENMO'),
};

export function resolveRail(
  kind: LinkKind,
  routingType: RoutingType | undefined,
): Result<RailId, DomainError> {
  const rail = ROUTING_TABLE[kind][routingType ?? 'OMITTED'];
  if (rail === null) {
    return err(domainError('UNSUPPORTED_ROUTING', MESSAGES.UNSUPPORTED_ROUTING(routingType, kind)));
  }
  return ok(rail);
}

/** Every rail the routing table can name: the rail registry refuses to boot unless each one is bound. */
export const routedRails = (): ReadonlySet<RailId> =>
  new Set(
    Object.values(ROUTING_TABLE)
      .flatMap((routes) => Object.values(routes))
      .filter((rail): rail is RailId => rail !== null),
  );
