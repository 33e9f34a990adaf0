import type { Repositories } from '@payout/domain';
import { expect } from 'chai';
import { flushBeforeReads } from './flush-before-reads.js';

/** A repository whose held write writes through a helper of its own, as a withdrawal appends its history. */
class Recording {
  constructor(private readonly log: string[]) {}

  async insert(id: string): Promise<void> {
    this.log.push(`insert ${id}`);
    await this.appendHistory(id);
  }

  async findById(id: string): Promise<string> {
    this.log.push(`read ${id}`);
    return id;
  }

  private async appendHistory(id: string): Promise<void> {
    this.log.push(`history ${id}`);
  }
}

describe('flushBeforeReads', () => {
  const wrap = (log: string[]) =>
    flushBeforeReads(
      { withdrawals: new Recording(log) } as unknown as Repositories,
      { withdrawals: ['insert'] as never },
      async () => {
        log.push('flush');
      },
    ).withdrawals as unknown as Recording;

  it('sends the held writes before a read, and not in the middle of a held write', async () => {
    const log: string[] = [];
    const withdrawals = wrap(log);
    await withdrawals.insert('a');
    await withdrawals.insert('b');
    expect(await withdrawals.findById('a')).to.equal('a');
    expect(log).to.deep.equal(['insert a', 'history a', 'insert b', 'history b', 'flush', 'read a']);
  });
});
