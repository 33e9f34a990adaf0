import { expect } from 'chai';
import type { RailStepStore } from '../../ports/rail-step-store.port.js';
import { contractIds } from './contract-subject.js';

/** The store as `factory` makes it; `another` is the same storage as a second process sees it. */
export function railStepStoreContract(
  factory: () => Promise<{ store: RailStepStore; another: () => RailStepStore }>,
): void {
  describe('RailStepStore contract', () => {
    it('reads back each step recorded for a withdrawal, and none of another', async () => {
      const { store, another } = await factory();
      const [withdrawal, other] = [contractIds.next(), contractIds.next()];
      expect(await store.recorded(withdrawal)).to.deep.equal({});
      expect(await store.record(withdrawal, 'recipient', '40000001')).to.equal('40000001');
      await store.record(withdrawal, 'quote', '11144c35-9fe8-4c32-b7fd-d05c2a7734b1');
      await store.record(other, 'recipient', '40000002');
      expect(await another().recorded(withdrawal)).to.deep.equal({
        recipient: '40000001',
        quote: '11144c35-9fe8-4c32-b7fd-d05c2a7734b1',
      });
    });

    it('keeps the first value of a step: a second record answers it, racing or not', async () => {
      const { store, another } = await factory();
      const withdrawal = contractIds.next();
      const raced = await Promise.all([
        store.record(withdrawal, 'recipient', '1'),
        another().record(withdrawal, 'recipient', '2'),
      ]);
      expect(raced[0]).to.equal(raced[1]);
      expect(await store.record(withdrawal, 'recipient', '3')).to.equal(raced[0]);
      expect(await store.recorded(withdrawal)).to.deep.equal({ recipient: raced[0] });
    });
  });
}
