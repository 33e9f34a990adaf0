export type EntityType = 'USER' | 'BUSINESS';
export const ENTITY_TYPES: readonly EntityType[] = ['USER', 'BUSINESS'];

/** An end user or business of one merchant, with exactly one SPEND wallet. */
export interface Entity {
  readonly id: string;
  readonly merchantId: string;
  readonly entityType: EntityType;
  readonly email: string;
  readonly externalIdentifier: string | null;
  readonly walletId: string;
  readonly createdAt: Date;
}
