/**
 * What an operator did: one value per operator action (docs/product.md §8); and what a provider's word did to a
 * linked account (a correction, a return that marked it unusable), whose actor is `provider:<name>`.
 */
export const AUDIT_ACTIONS = [
  'MERCHANT_CREATED',
  'MERCHANT_UPDATED',
  'ENTITY_CREATED',
  'WALLET_CREDITED',
  'WALLET_UPDATED',
  'APPLICATION_TOKEN_ISSUED',
  'WEBHOOK_ENDPOINT_SET',
  'WEBHOOK_SECRET_ROTATED',
  'WITHDRAWAL_APPROVED',
  'WITHDRAWAL_REJECTED',
  'WITHDRAWAL_FAILED',
  'WITHDRAWAL_CHECK_REQUESTED',
  'WEBHOOK_REDELIVERED',
  'LINKED_ACCOUNT_CORRECTED',
  'LINKED_ACCOUNT_MARKED_UNUSABLE',
  'LINKED_ACCOUNT_REINSTATED',
  'RECONCILIATION_EXCEPTION_RESOLVED',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: unknown): value is AuditAction =>
  AUDIT_ACTIONS.includes(value as AuditAction);

export type AuditSubjectType =
  | 'MERCHANT'
  | 'ENTITY'
  | 'WALLET'
  | 'APPLICATION_TOKEN'
  | 'WITHDRAWAL'
  | 'WEBHOOK_EVENT'
  | 'LINKED_ACCOUNT'
  | 'RECONCILIATION_EXCEPTION';

/** What each action is done to; a webhook endpoint is a merchant's setting, so its subject is the merchant. */
export const AUDIT_SUBJECT: Readonly<Record<AuditAction, AuditSubjectType>> = {
  MERCHANT_CREATED: 'MERCHANT',
  MERCHANT_UPDATED: 'MERCHANT',
  ENTITY_CREATED: 'ENTITY',
  WALLET_CREDITED: 'WALLET',
  WALLET_UPDATED: 'WALLET',
  APPLICATION_TOKEN_ISSUED: 'APPLICATION_TOKEN',
  WEBHOOK_ENDPOINT_SET: 'MERCHANT',
  WEBHOOK_SECRET_ROTATED: 'MERCHANT',
  WITHDRAWAL_APPROVED: 'WITHDRAWAL',
  WITHDRAWAL_REJECTED: 'WITHDRAWAL',
  WITHDRAWAL_FAILED: 'WITHDRAWAL',
  WITHDRAWAL_CHECK_REQUESTED: 'WITHDRAWAL',
  WEBHOOK_REDELIVERED: 'WEBHOOK_EVENT',
  LINKED_ACCOUNT_CORRECTED: 'LINKED_ACCOUNT',
  LINKED_ACCOUNT_MARKED_UNUSABLE: 'LINKED_ACCOUNT',
  LINKED_ACCOUNT_REINSTATED: 'LINKED_ACCOUNT',
  RECONCILIATION_EXCEPTION_RESOLVED: 'RECONCILIATION_EXCEPTION',
};

/** A JSON value: what an audit entry records of the fields an action set. */
export type AuditValue =
  | string
  | number
  | boolean
  | null
  | readonly AuditValue[]
  | { readonly [field: string]: AuditValue };

/**
 * One operator action, written in the transaction that made its effect and never changed afterwards. `changes`
 * holds the fields the action set; a secret or token appears only as "issued" or "rotated", never its value.
 */
export interface AuditEntry {
  readonly id: string;
  readonly at: Date;
  /** The operator token's `sub`, or `provider:<name>` for a change a provider's answer made. */
  readonly actor: string;
  readonly action: AuditAction;
  readonly subjectType: AuditSubjectType;
  readonly subjectId: string;
  readonly changes: { readonly [field: string]: AuditValue };
}

/** Where a page of the audit log ends: the entries after it are older, or as old with a smaller id. */
export interface AuditPosition {
  readonly at: Date;
  readonly id: string;
}

export interface AuditFilter {
  readonly action?: AuditAction;
  readonly subjectId?: string;
  readonly actor?: string;
}

/** Newest first: by time, then by id, both descending. */
export const compareNewestFirst = (a: AuditPosition, b: AuditPosition): number =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
