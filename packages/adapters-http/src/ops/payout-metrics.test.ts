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
