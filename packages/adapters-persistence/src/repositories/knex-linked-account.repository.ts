import {
  entityIdentity,
  type FieldCipher,
  type LinkedAccount,
  type LinkedAccountRepository,
  type LinkedAccountSummary,
  type LinkedAccountWithOwners,
  type LinkKind,
  type OptionType,
  SENSITIVE_DESTINATION_FIELDS,
} from '@payout/domain';
import type { ProcessRows } from '../batched-transactions/known-rows.js';
import { StaleKnownRowError } from '../batched-transactions/known-rows.js';
import { ReadBatches } from '../batched-transactions/read-batches.js';
import { changingColumns, exactlyOne, lockWrite, type SqlWriter } from '../batched-transactions/sql-write.js';
import { readPrepared } from '../sql/connection.js';
import { type Db, isUuid } from './columns.js';
import { type EntityRow, toEntity } from './knex-entity.repository.js';
import { type MerchantRow, toMerchant } from './knex-merchant.repository.js';
import { toWallet, WALLET_COLUMNS, type WalletRow } from './knex-wallet.repository.js';

export interface LinkedAccountRow {
  id: string;
  merchant_id: string;
  entity_id: string;
  wallet_id: string;
  kind: LinkKind;
  option_type: OptionType;
  currency: string;
  label: string;
  counter_party_name: string;
  last_four: string | null;
  application_token_id: string;
  destination_public: Record<string, string>;
  destination_secret: string;
  created_at: Date;
  unusable_at: Date | null;
  unusable_code: string | null;
  unusable_withdrawal_id: string | null;
  corrected_at: Date | null;
  event_sequence: number;
}

const FIND_ACCOUNT = { name: 'linked_account_by_id', text: 'SELECT * FROM linked_accounts WHERE id = $1' };
const LOCK_FOR_PAYOUT = {
  name: 'linked_account_lock_for_payout',
  text: 'SELECT * FROM linked_accounts WHERE id = $1 FOR SHARE',
};
const LOCK_ACCOUNT = {
  name: 'linked_account_lock',
  text: 'SELECT * FROM linked_accounts WHERE id = $1 FOR UPDATE',
};
type Destination = Readonly<Record<string, string>>;

/** An account's row with its entity's, merchant's and wallet's columns, prefixed `e_`, `m_` and `w_`. */
type OwnersRow = LinkedAccountRow & Record<string, unknown>;

const ENTITY_COLUMNS = [
  'id',
  'merchant_id',
  'entity_type',
  'email',
  'external_identifier',
  'wallet_id',
  'created_at',
];
const MERCHANT_COLUMNS = [
  'id',
  'name',
  'payouts_enabled',
  'approval_threshold',
  'fee_overrides',
  'wallet_id',
  'created_at',
];

/**
 * By an array of account ids: concurrent withdrawal requests read their accounts together (ReadBatches). Each
 * owner is a LATERAL subquery with LIMIT 1, which the planner cannot flatten into a join: every account probes
 * its entity, merchant and wallet by primary key, whatever the statistics say about the tables' sizes (a plain
 * join scanned every entity of the table once statistics lagged its growth; docs/decisions/0001-bounded-reads.md).
 */
export const FIND_WITH_OWNERS = {
  name: 'linked_accounts_with_owners',
  text: `SELECT la.*, ${ENTITY_COLUMNS.map((c) => `e.${c} AS e_${c}`).join(', ')},
                ${MERCHANT_COLUMNS.map((c) => `m.${c} AS m_${c}`).join(', ')},
                ${WALLET_COLUMNS.map((c) => `w.${c} AS w_${c}`).join(', ')}
           FROM linked_accounts la
           CROSS JOIN LATERAL (SELECT * FROM entities WHERE id = la.entity_id LIMIT 1) e
           CROSS JOIN LATERAL (SELECT * FROM merchants WHERE id = e.merchant_id LIMIT 1) m
           CROSS JOIN LATERAL (SELECT * FROM wallets WHERE id = e.wallet_id LIMIT 1) w
          WHERE la.id = ANY($1::uuid[])`,
};

/** Splits a destination into fields kept in clear and the sensitive ones that are only stored encrypted. */
function split(destination: Destination): { open: Destination; sensitive: Destination } {
  const open: Record<string, string> = {};
  const sensitive: Record<string, string> = {};
  for (const [field, value] of Object.entries(destination)) {
    if (SENSITIVE_DESTINATION_FIELDS.has(field)) sensitive[field] = value;
    else open[field] = value;
  }
  return { open, sensitive };
}

/**
 * What an update of an account may change (LinkedAccountRepository.update), declared once with the types its
 * update and its payout lock name: the destination, sealed with `cipher`, and the columns of its later changes.
 */
const changesOf = (cipher: FieldCipher) =>
  changingColumns('linked_accounts', 'uuid', {
    destination_public: [
      'jsonb',
      (account: LinkedAccount) => JSON.stringify(split(account.destination).open),
    ],
    destination_secret: [
      'text',
      (account: LinkedAccount) => cipher.encrypt(JSON.stringify(split(account.destination).sensitive)),
    ],
    last_four: ['text', (account: LinkedAccount) => account.lastFourDigits],
    unusable_at: ['timestamptz', (account: LinkedAccount) => account.unusable?.since ?? null],
    unusable_code: ['text', (account: LinkedAccount) => account.unusable?.code ?? null],
    unusable_withdrawal_id: ['uuid', (account: LinkedAccount) => account.unusable?.withdrawalId ?? null],
    corrected_at: ['timestamptz', (account: LinkedAccount) => account.correctedAt],
    event_sequence: ['integer', (account: LinkedAccount) => account.eventSequence],
  });

export class KnexLinkedAccountRepository implements LinkedAccountRepository {
  private readonly withOwners: ReadBatches<OwnersRow>;
  private readonly changes: ReturnType<typeof changesOf>;

  constructor(
    private readonly db: Db,
    private readonly cipher: FieldCipher,
    private readonly rows: ProcessRows,
    private readonly writer: SqlWriter,
    /** In a unit of work, a known account is share-locked among the writes (see lockForPayout). */
    private readonly inTransaction: boolean,
  ) {
    this.withOwners = new ReadBatches(db, FIND_WITH_OWNERS, (row) => row.id);
    this.changes = changesOf(cipher);
  }

  async insert(account: LinkedAccount): Promise<void> {
    const { destination_public, destination_secret, ...later } = this.changes.values(account);
    // A newly linked account has had no change yet: the columns of its changes keep their defaults (NULL, 0),
    // and are named only when they differ from them.
    const changes = Object.entries(later).filter(
      ([column, value]) => column === 'last_four' || (value !== null && value !== 0),
    );
    await this.db('linked_accounts').insert({
      id: account.id,
      merchant_id: account.merchantId,
      entity_id: account.entityId,
      wallet_id: account.walletId,
      kind: account.kind,
      option_type: account.optionType,
      currency: account.currency,
      label: account.label,
      counter_party_name: account.counterPartyName,
      application_token_id: account.applicationTokenId,
      destination_public,
      destination_secret,
      created_at: account.createdAt,
      ...Object.fromEntries(changes),
    });
  }

  /**
   * An account the process read with its owners (the request's plan) is share-locked among the writes, on
   * condition that it is still as read and usable; a changed one makes the transaction run again and read it.
   */
  async lockForPayout(id: string): Promise<LinkedAccount | null> {
    const known = this.inTransaction ? this.rows.linkedAccounts.take(id) : undefined;
    if (known && known.unusable === null) {
      await this.writer.write(
        lockWrite(
          'linked_accounts',
          { id: known.id, event_sequence: known.eventSequence, unusable_at: null },
          this.changes.types,
          ['unusable_at'],
          { rows: 1, error: () => new StaleKnownRowError('linked account', known.id) },
          'share',
        ),
      );
      return known;
    }
    return this.one(id, LOCK_FOR_PAYOUT);
  }

  lockById(id: string): Promise<LinkedAccount | null> {
    return this.one(id, LOCK_ACCOUNT);
  }

  async update(account: LinkedAccount): Promise<void> {
    await this.writer.write(
      this.changes.update(account, exactlyOne(`linked account ${account.id} does not exist`)),
    );
  }

  private async one(id: string, statement: { name: string; text: string }): Promise<LinkedAccount | null> {
    if (!isUuid(id)) return null;
    const [row] = await readPrepared<LinkedAccountRow>(this.db, statement, [id.toLowerCase()]);
    return row ? this.toAccount(row) : null;
  }

  async findForEntity(id: string, entityId: string): Promise<LinkedAccount | null> {
    if (!isUuid(id) || !isUuid(entityId)) return null;
    const row = await this.db<LinkedAccountRow>('linked_accounts').where({ id, entity_id: entityId }).first();
    return row ? this.toAccount(row) : null;
  }

  findById(id: string): Promise<LinkedAccount | null> {
    return this.one(id, FIND_ACCOUNT);
  }

  /**
   * One statement: the account, its entity and the merchant, their columns prefixed. The entity's wallet comes
   * with them and is remembered (ProcessRows): the request's debit locks it next; so is the entity's identity, which
   * its status changes read.
   */
  async findWithOwners(id: string, entityId: string): Promise<LinkedAccountWithOwners | null> {
    if (!isUuid(id) || !isUuid(entityId)) return null;
    const key = id.toLowerCase();
    const row = await this.withOwners.load(key);
    if (row?.entity_id !== entityId.toLowerCase()) return null;
    const pick = <T>(prefix: string, columns: readonly string[]) =>
      Object.fromEntries(columns.map((c) => [c, row[`${prefix}${c}`]])) as T;
    this.rows.wallets.remember(toWallet(pick<WalletRow>('w_', WALLET_COLUMNS)));
    const entity = toEntity(pick<EntityRow>('e_', ENTITY_COLUMNS));
    this.rows.entities.remember(entityIdentity(entity));
    return {
      account: this.rows.linkedAccounts.remember(this.toAccount(row)),
      entity,
      merchant: toMerchant(pick<MerchantRow>('m_', MERCHANT_COLUMNS)),
    };
  }

  private toAccount(row: LinkedAccountRow): LinkedAccount {
    const sensitive = JSON.parse(this.cipher.decrypt(row.destination_secret)) as Destination;
    return { ...toLinkedAccountSummary(row), destination: { ...row.destination_public, ...sensitive } };
  }
}

/** An account's columns but its destination, which a list neither reads nor decrypts. */
export type LinkedAccountSummaryRow = Omit<LinkedAccountRow, 'destination_public' | 'destination_secret'>;

export const toLinkedAccountSummary = (row: LinkedAccountSummaryRow): LinkedAccountSummary => ({
  ...toLinkedAccountFacts(row),
  id: row.id,
  merchantId: row.merchant_id,
  entityId: row.entity_id,
  walletId: row.wallet_id,
  kind: row.kind,
  optionType: row.option_type,
  currency: row.currency,
  label: row.label,
  counterPartyName: row.counter_party_name,
  lastFourDigits: row.last_four,
  applicationTokenId: row.application_token_id,
  createdAt: row.created_at,
});

const toLinkedAccountFacts = (
  row: LinkedAccountSummaryRow,
): Pick<LinkedAccount, 'unusable' | 'correctedAt' | 'eventSequence'> => ({
  unusable: row.unusable_at
    ? { since: row.unusable_at, code: row.unusable_code, withdrawalId: row.unusable_withdrawal_id }
    : null,
  correctedAt: row.corrected_at,
  eventSequence: row.event_sequence,
});
