import { Money } from '@payout/domain';
import type { Knex } from 'knex';

/** A query runner: the pool for plain reads, or one transaction inside a unit of work. */
export type Db = Knex | Knex.Transaction;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids come from callers (path parameters) as well as from the id generator: a string that is not a UUID cannot
 * name any row, and asking PostgreSQL for it would raise an error instead of "not found".
 */
export const isUuid = (id: string): boolean => UUID.test(id);

/** `numeric` arrives as a string and stays one: Money parses it exactly, never through a JS number. */
export const money = (value: string): Money => Money.of(value);
export const moneyOrNull = (value: string | null): Money | null => (value === null ? null : Money.of(value));
