import { expect } from 'chai';
import { mergeInserts } from './merge-inserts.js';
import { insertStatement, updateStatement } from './sql-statement.js';
import { insertWrite, type SqlWrite } from './sql-write.js';

const attempt = (n: number) => insertWrite('webhook_attempts', [{ id: `a${n}`, n }], ['webhook_events']);
/** A hand-written update, declared as a repository declares one. */
const handUpdate = (table: string, tables: readonly string[] = [table]): SqlWrite => ({
  ...updateStatement(table, { n: 0 }, { id: 'x' }),
  kind: 'update',
  tables,
});
const eventUpdate = (n: number): SqlWrite => ({
  ...updateStatement('webhook_events', { attempts: n }, { id: `e${n}` }),
  kind: 'update',
  tables: ['webhook_events'],
});
const withdrawal = (n: number) => insertWrite('withdrawals', [{ id: `w${n}` }]);
const history = (n: number, rows = 1) =>
  insertWrite(
    'withdrawal_history',
    Array.from({ length: rows }, (_, s) => ({ withdrawal_id: `w${n}`, sequence: s })),
    ['withdrawals'],
  );
const shape = (writes: readonly SqlWrite[]) =>
  writes.map((w) => `${w.text.split(' ')[0]} ${w.insert?.table ?? w.text.split(' ')[1]} ${w.values.length}`);

describe('mergeInserts', () => {
  it('sends a group of attempt records as one insert ahead of the events’ updates', () => {
    const merged = mergeInserts([attempt(1), eventUpdate(1), attempt(2), eventUpdate(2), attempt(3)]);
    expect(shape(merged)).to.deep.equal([
      'INSERT webhook_attempts 6',
      'UPDATE "webhook_events" 2',
      'UPDATE "webhook_events" 2',
    ]);
    expect(merged[0]).to.deep.include(
      insertStatement('webhook_attempts', [
        { id: 'a1', n: 1 },
        { id: 'a2', n: 2 },
        { id: 'a3', n: 3 },
      ]),
    );
  });

  it('keeps each member’s order, parents before the rows that need them', () => {
    const merged = mergeInserts([withdrawal(1), history(1, 2), withdrawal(2), history(2)]);
    expect(shape(merged)).to.deep.equal(['INSERT withdrawals 2', 'INSERT withdrawal_history 6']);
  });

  it('never sends a row ahead of an insert of the parent it needs', () => {
    // The first history row is of a stored withdrawal; the second of one this transaction inserts.
    const writes = [history(1), withdrawal(2), history(2)];
    expect(mergeInserts(writes)).to.deep.equal(writes);
  });

  it('keeps an insert behind statements that could see or need its rows', () => {
    const touchesAttempts = handUpdate('webhook_attempts');
    const unknown: SqlWrite = {
      text: 'INSERT INTO pgboss.job (name) VALUES ($1)',
      values: ['x'],
      kind: 'insert',
      tables: ['pgboss.job'],
    };
    const deleting: SqlWrite = {
      text: 'DELETE FROM webhook_events WHERE id = $1',
      values: ['e1'],
      kind: 'other',
      tables: ['webhook_events'],
    };
    for (const between of [touchesAttempts, unknown, deleting]) {
      const writes = [attempt(1), between, attempt(2)];
      expect(mergeInserts(writes), between.text).to.deep.equal(writes);
    }
  });

  it('keeps an insert behind a write of kind other or one that declares nothing, whatever its text', () => {
    const { kind: _kind, tables: _tables, ...bare } = handUpdate('webhook_events');
    const undeclared = bare as SqlWrite;
    const { tables: _none, ...kindOnly } = handUpdate('webhook_events');
    const other: SqlWrite = { ...handUpdate('webhook_events'), kind: 'other' };
    for (const between of [undeclared, kindOnly as SqlWrite, other]) {
      const writes = [attempt(1), between, attempt(2)];
      expect(mergeInserts(writes)).to.deep.equal(writes);
    }
  });

  it('keeps an insert behind an update that declares its table, though its text does not name it', () => {
    // A function or trigger the UPDATE runs may read a table its own text does not name.
    const readsAttempts = handUpdate('webhook_events', ['webhook_events', 'webhook_attempts']);
    expect(readsAttempts.text).not.to.include('webhook_attempts');
    const writes = [attempt(1), readsAttempts, attempt(2)];
    expect(mergeInserts(writes)).to.deep.equal(writes);
    expect(shape(mergeInserts([attempt(1), handUpdate('webhook_events'), attempt(2)]))).to.deep.equal([
      'INSERT webhook_attempts 4',
      'UPDATE "webhook_events" 2',
    ]);
  });

  it('leaves inserts that carry a row check alone', () => {
    const checked: SqlWrite = { ...attempt(2), expect: { rows: 1, error: () => new Error('x') } };
    const writes = [attempt(1), checked];
    expect(mergeInserts(writes)).to.deep.equal(writes);
  });

  it('translates a failure of the merged insert with whichever member recognises it', () => {
    const own = (name: string) => (error: unknown) =>
      String(error).includes(name) ? new Error(`${name} translated`) : undefined;
    const [merged] = mergeInserts([
      { ...attempt(1), translate: own('first') },
      { ...attempt(2), translate: own('second') },
    ]);
    expect(merged?.translate?.(new Error('second'))?.message).to.equal('second translated');
    expect(merged?.translate?.(new Error('first'))?.message).to.equal('first translated');
    expect(merged?.translate?.(new Error('neither'))).to.equal(undefined);
  });
});
