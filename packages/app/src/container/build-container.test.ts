import { createLogger } from '@payout/adapters-http';
import { PayPalPayoutsRail, SimulatedPayoutRail } from '@payout/adapters-rails';
import { InMemoryUnitOfWork } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { buildContainer } from './build-container.js';
import { TOKENS } from './tokens.js';

describe('buildContainer', () => {
  it('wires the test environment in memory, with every use case and a job runner', async () => {
    const container = await buildContainer(configFor({ APP_ENV: 'test' }), createLogger({ level: 'silent' }));
    expect(await container.getAsync(TOKENS.unitOfWork)).to.be.instanceOf(InMemoryUnitOfWork);
    const useCases = await container.getAsync(TOKENS.useCases);
    expect(Object.keys(useCases)).to.include.members([
      'requestWithdrawal',
      'linkAccount',
      'createMerchant',
      'handleJob',
    ]);
    expect(await container.getAsync(TOKENS.resources)).to.deep.equal([]);
    const worker = await container.getAsync(TOKENS.worker);
    expect(worker).to.have.property('start');
  });

  it('lets a test rebind a single service on a fresh container', async () => {
    const container = await buildContainer(configFor({ APP_ENV: 'test' }), createLogger({ level: 'silent' }));
    const fixed = { now: () => new Date('2030-01-01T00:00:00Z') };
    (await container.rebind(TOKENS.clock)).toConstantValue(fixed);
    expect(container.get(TOKENS.clock).now().toISOString()).to.equal('2030-01-01T00:00:00.000Z');
  });

  it('binds the PayPal Payouts adapter for PAYPAL and VENMO when PayPal is configured, simulators elsewhere', async () => {
    const config = configFor({
      APP_ENV: 'test',
      PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    const rails = await (await buildContainer(config, createLogger({ level: 'silent' }))).getAsync(
      TOKENS.rails,
    );
    expect(rails.get('PAYPAL')).to.be.instanceOf(PayPalPayoutsRail);
    expect(rails.get('VENMO')).to.be.instanceOf(PayPalPayoutsRail);
    expect(rails.get('ACH')).to.be.instanceOf(SimulatedPayoutRail);
  });
});
