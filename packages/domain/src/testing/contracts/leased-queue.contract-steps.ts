import { expect } from 'chai';

/** Seconds into a day no other suite's rows use, so rows of other tests sharing the database are never due. */
export const leaseTime = (second: number): Date => new Date(Date.UTC(1990, 0, 1, 0, 0, second));

export interface LeasedQueueSubject<T extends { readonly id: string }> {
  /** `claimDue` at `leaseTime(now)` with a lease until `leaseTime(lease)`. */
  claim(now: number, lease: number, limit: number): Promise<readonly T[]>;
  /** The stored row, as the repository reads it. */
  find(id: string): Promise<T | null>;
  /** The stored due time of a row. */
  dueAt(id: string): Promise<Date | null>;
  /** Ids of three rows due at leaseTime 1, 2 and 3. */
  readonly early: string;
  readonly middle: string;
  readonly late: string;
}

/**
 * The guarantees every `claimDue` gives: earliest due first, up to the limit; a claimed row waits for its
 * lease; once it ends the row is due again; and two claimers at once never take the same row.
 */
export async function expectLeasedQueue<T extends { readonly id: string }>(
  subject: LeasedQueueSubject<T>,
): Promise<void> {
  const { early, middle, late } = subject;
  const queue = {
    claim: async (now: number, lease: number, limit: number) =>
      (await subject.claim(now, lease, limit)).map((row) => row.id),
  };
  const claimed = await subject.claim(3, 10, 2);
  expect(claimed.map((row) => row.id)).to.deep.equal([early, middle]);
  expect(claimed[0], 'a claimed row comes back whole, as stored with its lease').to.deep.equal(
    await subject.find(early),
  );
  expect(await queue.claim(3, 10, 5)).to.deep.equal([late]);
  expect(await queue.claim(9, 10, 5)).to.deep.equal([]);
  expect(await subject.dueAt(early)).to.deep.equal(leaseTime(10));
  const [first, second] = await Promise.all([queue.claim(10, 20, 2), queue.claim(10, 20, 2)]);
  const both = [...(first ?? []), ...(second ?? [])];
  expect(both).to.have.length(3);
  expect(new Set(both)).to.deep.equal(new Set([early, middle, late]));
}
