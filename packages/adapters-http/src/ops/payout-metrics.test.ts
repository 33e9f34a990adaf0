import { expect } from 'chai';
import { PayoutMetrics } from './payout-metrics.js';

describe('PayoutMetrics read at scrape time', () => {
  it('reports unresolved submissions by rail as read now, and leaves them out of a scrape whose read failed', async () => {
    const metrics = new PayoutMetrics();
    let answer: () => Promise<{ rail: string; count: number }[]> = async () => [
      { rail: 'ACH', count: 2 },
      { rail: 'RTP', count: 1 },
    ];
    metrics.observeUnresolvedSubmissions(() => answer());
    const samples = async () =>
      (await metrics.exposition()).body
        .split('\n')
        .filter((line) => line.startsWith('payout_submissions_unresolved'));
    expect(await samples()).to.deep.equal([
      'payout_submissions_unresolved{rail="ACH"} 2',
      'payout_submissions_unresolved{rail="RTP"} 1',
    ]);
    answer = async () => [{ rail: 'ACH', count: 1 }];
    expect(await samples(), 'a rail resolved since drops out').to.deep.equal([
      'payout_submissions_unresolved{rail="ACH"} 1',
    ]);
    answer = async () => {
      throw new Error('database unreachable');
    };
    expect(await samples()).to.deep.equal([]);
    expect((await metrics.exposition()).body).to.include('payout_http_requests_total');
  });
});

describe('PayoutMetrics: open reconciliation exceptions', () => {
  it('reports the count and the oldest open age by provider and type, read at each scrape', async () => {
    const metrics = new PayoutMetrics();
    const open = [
      { provider: 'simulated', type: 'AMOUNT_MISMATCH', count: 2, oldestOpenSeconds: 90_000 },
      { provider: 'increase', type: 'LATE_RETURN', count: 1, oldestOpenSeconds: 60 },
    ];
    metrics.observeReconciliationExceptions(async () => open);
    const samples = async () =>
      (await metrics.exposition()).body
        .split('\n')
        .filter((line) => line.startsWith('payout_reconciliation'));
    expect(await samples()).to.deep.equal([
      'payout_reconciliation_exceptions{provider="simulated",type="AMOUNT_MISMATCH"} 2',
      'payout_reconciliation_exceptions{provider="increase",type="LATE_RETURN"} 1',
      'payout_reconciliation_exception_oldest_open_seconds{provider="simulated",type="AMOUNT_MISMATCH"} 90000',
      'payout_reconciliation_exception_oldest_open_seconds{provider="increase",type="LATE_RETURN"} 60',
    ]);
    const failing = new PayoutMetrics();
    failing.observeReconciliationExceptions(async () => {
      throw new Error('database unreachable');
    });
    const body = (await failing.exposition()).body;
    expect(body.split('\n').filter((line) => line.startsWith('payout_reconciliation'))).to.deep.equal([]);
    expect(body).to.include('payout_http_requests_total');
  });
});
