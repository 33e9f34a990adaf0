import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SANDBOX_FAILURE_CENTS, SANDBOX_RECONCILIATION_CENTS, SANDBOX_TRIGGER_CENTS } from '@payout/domain';
import { expect } from 'chai';
import { serviceForSuite } from './test-service.mjs';
import { OUTCOMES, routeTo, trigger } from './trigger.mjs';

const TRIGGER = new URL('./trigger.mjs', import.meta.url).pathname;
const run = (args, env = {}) =>
  promisify(execFile)(process.execPath, [TRIGGER, ...args], { env: { ...process.env, ...env } });

const lookup = async (baseUrl, result) => {
  const response = await fetch(`${baseUrl}/v1/transactions/${result.withdrawalId}`, {
    headers: { authorization: `Bearer ${result.entity.accessToken}` },
  });
  return (await response.json()).data;
};

describe('npm run trigger', function () {
  this.timeout(30_000);
  const service = serviceForSuite();

  it('names every row of the domain cents table, and success', () => {
    const named = Object.fromEntries(Object.entries(OUTCOMES).map(([name, { cents }]) => [name, cents]));
    expect(named).to.include({
      returned: SANDBOX_TRIGGER_CENTS.RETURNED,
      rejected: SANDBOX_TRIGGER_CENTS.REJECTED,
    });
    expect(Object.values(named).sort()).to.deep.equal(
      [
        '00',
        ...Object.values(SANDBOX_TRIGGER_CENTS),
        ...Object.keys(SANDBOX_FAILURE_CENTS),
        ...Object.values(SANDBOX_RECONCILIATION_CENTS),
      ].sort(),
    );
    expect(named).to.include({ 'recipient-not-found': '92', 'unavailable-twice': '99', 'late-return': '84' });
  });

  it('routes each rail through the account kind the routing table sends to it', () => {
    expect(routeTo('ACH')).to.deep.equal({ kind: 'bank', routingType: undefined });
    expect(routeTo('RTP')).to.deep.equal({ kind: 'bank', routingType: 'RTP' });
    expect(routeTo('PUSH_TO_CARD')).to.include({ kind: 'card' });
    expect(() => routeTo('FAX')).to.throw('unknown rail "FAX"');
  });

  it('`returned --rail ACH` makes a .98 withdrawal on ACH and prints its id and how to follow it', async () => {
    const { stdout, stderr } = await run(['returned', '--rail', 'ACH'], { BASE_URL: service.url });
    const result = JSON.parse(stdout);
    expect(result).to.include({ outcome: 'returned', rail: 'ACH', amount: '25.98', httpStatus: 200 });
    const withdrawal = await lookup(service.url, result);
    expect(withdrawal).to.include({ id: result.withdrawalId, rail: 'ACH', amount: '25.98' });
    expect(stderr).to.include(`Withdrawal ${result.withdrawalId} of merchant ${result.merchant.id} on ACH`);
    expect(stderr).to.include(`${service.url}/v1/transactions/${result.withdrawalId}`);
  });

  it('`rejected --rail RTP`: the rail refuses it (500), FAILED, and its id is still printed', async () => {
    const result = await trigger({ outcome: 'rejected', rail: 'RTP', baseUrl: service.url });
    expect(result.httpStatus).to.equal(500);
    const withdrawal = await lookup(service.url, result);
    expect(withdrawal).to.include({ rail: 'RTP', status: 'FAILED', amount: '25.91' });
  });

  it('an amount above the approval threshold is held first', async () => {
    const result = await trigger({
      outcome: 'success',
      rail: 'WIRE',
      amount: '12000',
      baseUrl: service.url,
    });
    expect(result.answer.data.status).to.equal('AWAITING_APPROVAL');
    expect(result.expected).to.match(/^AWAITING_APPROVAL until approved in the console/);
  });

  it('refuses an unknown outcome, listing the known ones, and prints usage without one', async () => {
    const unknown = await run(['sideways'], { BASE_URL: service.url }).catch((error) => error);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('unknown outcome "sideways": one of success,');
    const usage = await run([]).catch((error) => error);
    expect(usage.code).to.equal(2);
    expect(usage.stderr).to.include('returned').and.include('.98');
  });
});
