import { expect } from 'chai';
import { perWithdrawal, renderStatements, totalPerWithdrawal } from './statements.mjs';

describe('bench statements (pg_stat_statements per withdrawal)', () => {
  const rows = [
    {
      calls: '200',
      rows: '200',
      total_exec_time: 30.4,
      total_plan_time: 0,
      query: 'INSERT INTO a\n  VALUES ($1)',
    },
    {
      calls: '10',
      rows: '100',
      total_exec_time: 20,
      total_plan_time: 15.6,
      query: 'UPDATE b SET x = $1 | y',
    },
  ];

  it('divides calls and rows by the withdrawals and puts the costliest first', () => {
    expect(perWithdrawal(rows, 100)).to.deep.equal([
      { calls: 0.1, rows: 1, execMs: 20, planMs: 16, text: 'UPDATE b SET x = $1 | y' },
      { calls: 2, rows: 2, execMs: 30, planMs: 0, text: 'INSERT INTO a VALUES ($1)' },
    ]);
  });

  it('sums every statement into calls per withdrawal and total milliseconds', () => {
    expect(totalPerWithdrawal(rows, 100)).to.deep.equal({ calls: 2.1, execMs: 50, planMs: 16 });
  });

  it('renders a table whose statement cells cannot break the row, ending with the total', () => {
    const lines = renderStatements('drain', {
      top: perWithdrawal(rows, 100),
      total: totalPerWithdrawal(rows, 100),
    });
    expect(lines[4]).to.equal('| 0.1 | 1 | 20 | 16 | `UPDATE b SET x = $1 \\| y` |');
    expect(lines.at(-1)).to.equal('| 2.1 | | 50 | 16 | all statements |');
  });
});
