import { expect } from 'chai';
import {
  canTransition,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
  webhookStatusOf,
} from './withdrawal-status.js';

/** docs/product.md §6, written out: the moves allowed from each status; every other move is refused. */
const ALLOWED: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  AWAITING_APPROVAL: ['PENDING', 'FAILED'],
  PENDING: ['PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED'],
  PROCESSING_PAY_OUT: ['SUCCESS', 'FAILED'],
  SUCCESS: ['FAILED'],
  FAILED: [],
};

describe('withdrawal statuses (docs/product.md §6)', () => {
  for (const from of WITHDRAWAL_STATUSES)
    for (const to of WITHDRAWAL_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).to.equal(allowed);
      });
    }

  it('shows the four statuses of the spec to webhooks and the lookup, AWAITING_APPROVAL as PENDING', () => {
    expect(WITHDRAWAL_STATUSES.map(webhookStatusOf)).to.deep.equal([
      'PENDING',
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
      'FAILED',
    ]);
  });
});
