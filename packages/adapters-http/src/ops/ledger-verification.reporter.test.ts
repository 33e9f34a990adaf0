import { Money, VerifyLedger, type Wallet } from '@payout/domain';
import { InMemoryUnitOfWork, ManualClock, SequentialIds, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { capturedLogger } from '../testing/captured-log.fixture.js';
import { ledgerVerificationReporter } from './ledger-verification.reporter.js';
import { PayoutMetrics } from './payout-metrics.js';

describe('the scheduled ledger verification as reported', () => {
  it('says the ledger holds, and when it was verified', async () => {
    const uow = new InMemoryUnitOfWork();
    const clock = new ManualClock('2026-03-02T03:30:00.000Z');
    await seedCustomer(uow, new SequentialIds(), clock.now(), { balance: '100.00' });
    const metrics = new PayoutMetrics();
    const { lines, logger } = capturedLogger();
    const recorded: Array<[string, boolean]> = [];
    await ledgerVerificationReporter(
      new VerifyLedger({ unitOfWork: uow }),
      metrics,
      logger,
      clock,
      async (at, report) => {
        recorded.push([at.toISOString(), report.ok]);
      },
    )();
    expect(recorded, 'kept with the time it started').to.deep.equal([['2026-03-02T03:30:00.000Z', true]]);
    expect((await metrics.ledgerProblems.get()).values[0]?.value).to.equal(0);
    expect((await metrics.ledgerVerifiedAt.get()).values[0]?.value).to.equal(
      Date.parse('2026-03-02T03:30:00Z') / 1000,
    );
    expect(lines.map((line) => [line.level, line.msg])).to.deep.equal([
      [
        'info',
        'ledger verified: every posting set balances, and every wallet and settlement account holds what it should',
      ],
    ]);
  });

  it('counts a wallet that differs from its postings and names it in an error', async () => {
    const uow = new InMemoryUnitOfWork();
    const clock = new ManualClock('2026-03-02T03:30:00.000Z');
    const customer = await seedCustomer(uow, new SequentialIds(), clock.now(), { balance: '100.00' });
    const wallet = uow.state.wallets.get(customer.walletId) as Wallet;
    uow.state.wallets.set(wallet.id, { ...wallet, balance: Money.of('90.00') });
    const metrics = new PayoutMetrics();
    const { lines, logger } = capturedLogger();
    await ledgerVerificationReporter(new VerifyLedger({ unitOfWork: uow }), metrics, logger, clock)();
    expect((await metrics.ledgerProblems.get()).values[0]?.value).to.equal(1);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.deep.include({
      level: 'error',
      driftingWallets: 1,
      unbalancedPostingSets: 0,
      drift: [{ walletId: wallet.id, balance: '90.00', postings: '100.00' }],
    });
  });
});
