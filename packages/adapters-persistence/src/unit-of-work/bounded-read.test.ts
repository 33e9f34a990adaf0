import { expect } from 'chai';
import { readWithin } from './bounded-read.js';

describe('readWithin', () => {
  it('tries a failing read again until it answers', async () => {
    let tries = 0;
    const answer = await readWithin(async () => {
      tries += 1;
      if (tries < 3) throw new Error('Connection terminated unexpectedly');
      return 'stored';
    }, 2000);
    expect(answer).to.equal('stored');
    expect(tries).to.equal(3);
  });

  it('rejects once the bound is spent, even while a try never answers', async () => {
    const started = Date.now();
    const outcome = await readWithin(() => new Promise<never>(() => undefined), 60).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    expect(outcome).to.match(/within 60 ms/);
    expect(Date.now() - started).to.be.below(1000);
  });
});
