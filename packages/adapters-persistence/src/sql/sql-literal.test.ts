import { expect } from 'chai';
import { insertStatement, literal, updateStatement } from './sql-literal.js';

describe('SQL literals of batched writes', () => {
  it('quotes strings so that quotes, backslashes and placeholders stay data', () => {
    expect(literal("O'Brien")).to.equal("'O''Brien'");
    expect(literal('a\\b')).to.equal(" E'a\\\\b'");
    expect(literal('? $1 ;')).to.equal("'? $1 ;'");
  });

  it('renders numbers, booleans, null, dates and JSON objects', () => {
    expect([literal(42), literal(true), literal(false), literal(null)]).to.deep.equal([
      '42',
      'TRUE',
      'FALSE',
      'NULL',
    ]);
    expect(literal(new Date('2026-11-23T01:02:03.004Z'))).to.equal("'2026-11-23T01:02:03.004Z'");
    expect(literal({ note: "it's" })).to.equal(`'{"note":"it''s"}'`);
  });

  it('refuses values PostgreSQL would store wrongly', () => {
    expect(() => literal(Number.NaN)).to.throw(/NaN/);
    expect(() => literal(Number.POSITIVE_INFINITY)).to.throw(/Infinity/);
    expect(() => literal(new Date(Number.NaN))).to.throw(/invalid date/);
  });

  it('writes multi-row inserts in the first row column order and updates with a guarded WHERE', () => {
    expect(
      insertStatement('t', [
        { a: 1, b: 'x' },
        { b: 'y', a: 2 },
      ]),
    ).to.equal(`INSERT INTO "t" ("a", "b") VALUES (1, 'x'), (2, 'y')`);
    expect(updateStatement('t', { s: 'OK', n: null }, { id: 'i', sequence: 3 })).to.equal(
      `UPDATE "t" SET "s" = 'OK', "n" = NULL WHERE "id" = 'i' AND "sequence" = 3`,
    );
  });
});
