import { expect } from 'chai';
import { insertStatement, parameter, prepared, updateStatement } from './sql-statement.js';

describe('SQL statements of writes', () => {
  it('writes multi-row inserts in the first row column order, every value a bind parameter', () => {
    expect(
      insertStatement('t', [
        { a: 1, b: "O'Brien $1" },
        { b: 'y', a: 2 },
      ]),
    ).to.deep.equal({
      text: 'INSERT INTO "t" ("a", "b") VALUES ($1, $2), ($3, $4)',
      values: [1, "O'Brien $1", 2, 'y'],
    });
  });

  it('writes updates with the WHERE after the SET parameters', () => {
    expect(updateStatement('t', { s: 'OK', n: null }, { id: 'i', sequence: 3 })).to.deep.equal({
      text: 'UPDATE "t" SET "s" = $1, "n" = $2 WHERE "id" = $3 AND "sequence" = $4',
      values: ['OK', null, 'i', 3],
    });
  });

  it('matches the WHERE columns given a type in nullSafe with IS NOT DISTINCT FROM, so NULL matches NULL', () => {
    expect(updateStatement('t', { s: 1 }, { id: 2, ref: null }, { ref: 'text' }).text).to.equal(
      'UPDATE "t" SET "s" = $1 WHERE "id" = $2 AND "ref" IS NOT DISTINCT FROM $3::text',
    );
    expect(updateStatement('t', { s: 1 }, { id: 2, ref: null }).text, 'a text of its own').to.equal(
      'UPDATE "t" SET "s" = $1 WHERE "id" = $2 AND "ref" = $3',
    );
  });

  it('makes each text for its own table, columns and row count (texts are kept per shape)', () => {
    expect(insertStatement('t', [{ a: 1 }]).text).to.equal('INSERT INTO "t" ("a") VALUES ($1)');
    expect(insertStatement('t', [{ a: 1 }, { a: 2 }]).text).to.equal(
      'INSERT INTO "t" ("a") VALUES ($1), ($2)',
    );
    expect(insertStatement('t', [{ b: 1 }]).text).to.equal('INSERT INTO "t" ("b") VALUES ($1)');
    expect(insertStatement('u', [{ a: 1 }]).text).to.equal('INSERT INTO "u" ("a") VALUES ($1)');
    expect(updateStatement('t', { s: 1 }, { id: 2 }).text).to.equal(
      'UPDATE "t" SET "s" = $1 WHERE "id" = $2',
    );
    expect(updateStatement('t', { s: 1, n: 2 }, { id: 3 }).text).to.equal(
      'UPDATE "t" SET "s" = $1, "n" = $2 WHERE "id" = $3',
    );
    expect(updateStatement('t', { s: 1 }, { id: 2, sequence: 3 }).text).to.equal(
      'UPDATE "t" SET "s" = $1 WHERE "id" = $2 AND "sequence" = $3',
    );
  });

  it('passes dates as UTC text and objects as JSON text (an array would become a PostgreSQL array)', () => {
    expect(parameter(new Date('2026-11-23T01:02:03.004Z'))).to.equal('2026-11-23T01:02:03.004Z');
    expect(parameter({ list: [1, 2] })).to.equal('{"list":[1,2]}');
    expect([parameter(42), parameter(true), parameter(null), parameter('x')]).to.deep.equal([
      42,
      true,
      null,
      'x',
    ]);
  });

  it('refuses values PostgreSQL would store wrongly', () => {
    expect(() => parameter(Number.NaN)).to.throw(/NaN/);
    expect(() => parameter(Number.POSITIVE_INFINITY)).to.throw(/Infinity/);
    expect(() => parameter(new Date(Number.NaN))).to.throw(/invalid date/);
  });

  it('names a prepared statement after its text: the same text, the same name', () => {
    const first = prepared({ text: 'SELECT $1', values: [1] });
    expect(prepared({ text: 'SELECT $1', values: [2] })).to.deep.equal({ ...first, values: [2] });
    expect(prepared({ text: 'SELECT $1 + 1', values: [1] }).name).to.not.equal(first.name);
    expect(first.name).to.match(/^p_[\w-]{24}$/);
    expect(first.name.length, 'within PostgreSQL identifier length').to.be.at.most(63);
  });
});
