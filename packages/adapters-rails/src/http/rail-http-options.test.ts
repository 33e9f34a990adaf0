import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { pollIntervalOf } from './rail-http-options.js';

const options = { clock: new ManualClock(), timeoutMs: 1000 };
const MINUTE_MS = 60_000;

describe('pollIntervalOf', () => {
  it("is the provider's default, or the configured interval", () => {
    expect(pollIntervalOf(options, 5_000)).to.equal(5_000);
    expect(pollIntervalOf({ ...options, pollIntervalMs: 2_000 }, 5_000)).to.equal(2_000);
  });

  it('slows to the 15-minute safety net when the provider sends webhooks, never speeding a slower default up', () => {
    const webhooks = { ...options, webhooksReceived: true };
    expect(pollIntervalOf(webhooks, 5_000)).to.equal(15 * MINUTE_MS);
    expect(pollIntervalOf(webhooks, 30 * MINUTE_MS)).to.equal(30 * MINUTE_MS);
    expect(pollIntervalOf({ ...webhooks, pollIntervalMs: 2_000 }, 5_000), 'configured wins').to.equal(2_000);
  });
});
