import { ApiClient, mintHarnessToken } from '@payout/adapters-http/testing';
import type { Customer } from '@payout/domain/testing';
import { LINK_BODIES } from '@payout/domain/testing';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { simulateOnIncrease } from '../e2e/support/increase-simulation.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';
const OPERATOR = 'ops-reinstater';

/**
 * Corrections applied and dead accounts stopped, in production on PostgreSQL through HTTP, against the local fake
 * of Increase: a Notification of Change on a settled ACH transfer updates the linked account (the next transfer
 * pays the corrected details) and tells the merchant; a return R03 marks the account unusable with the reversal,
 * and the next withdrawal is refused with nothing debited and nothing sent; an operator reinstates it over the API
 * and the next one goes.
 */
describe('production on Increase: corrections applied and dead accounts stopped (PostgreSQL, HTTP)', function () {
  this.timeout(60_000);
  let increase: FakeIncrease;
  let world: ProductionRailsWorld;
  let c: Customer;
  /** The withdrawal paid to the corrected details, returned by the next test. */
  let second: string;

  /** Increase moves the transfer, then tells the service (`ach_transfer.updated`), which polls it. */
  const simulate = (reference: string, action: string, body: object = {}) =>
    simulateOnIncrease(increase.url, world, INCREASE_SECRET, { reference, action, body });
  /** The operator API's answer: its status and its `data`. */
  const operator = async (path: string, method = 'GET', body?: object) => {
    const answer = await fetch(`${world.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${mintHarnessToken({ sub: OPERATOR, scope: 'operator' })}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the operator API's documented JSON, read field by field
    return { status: answer.status, data: ((await answer.json()) as { data: any }).data };
  };
  const account = async () => (await operator(`/v1/operator/linked-accounts/${c.accountId}`)).data;
  const balance = async () =>
    (
      await (await world.service.container.getAsync(TOKENS.unitOfWork)).read.wallets.findById(c.walletId)
    )?.balance.toString();

  before(async () => {
    increase = await FakeIncrease.start();
    world = await ProductionRailsWorld.start('increase_dead_accounts', 'ACH=increase', {
      INCREASE_API_KEY: 'secret_key_local_fake',
      INCREASE_BASE_URL: increase.url,
      INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      INCREASE_ACCOUNT_NUMBER_ID: 'account_number_v18nkfqm6afpsrvy82b2',
      INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
      // One customer withdraws four times in a few seconds.
      WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000',
    });
    c = await world.customer('bank');
  });

  after(async () => {
    await world?.stop();
    await increase?.close();
  });

  it('refuses to link a bank account whose routing number Increase knows no bank for (400), and links one it knows', async () => {
    const api = new ApiClient({
      baseUrl: world.url,
      mintToken: mintHarnessToken,
      close: async () => undefined,
    });
    const merchant = await api.merchant();
    const entity = await api.entity(merchant, '0');
    const bank = LINK_BODIES.bank as { data: Record<string, string> };
    const refused = await api.linkRequest(entity, 'bank', await api.applicationToken(entity.id), {
      ...bank,
      data: { ...bank.data, routingNumber: '011000028' },
    });
    expect(refused.status).to.equal(400);
    expect(refused.json).to.deep.include({ code: 'VALIDATION_ERROR', field: 'data.routingNumber' });
    expect(await api.link(entity, 'bank')).to.be.a('string');
  });

  it('applies a Notification of Change to the account, tells the merchant, and pays the next one to it', async () => {
    const id = await world.withdraw(c, 25);
    const reference = await world.accepted(id);
    await simulate(reference, 'settle');
    await world.merchantToldOf(id, 'SUCCESS');
    await simulate(reference, 'create_notification_of_change', {
      corrected_account_number: '55554444',
      corrected_routing_number: '011000015',
    });
    const [corrected] = await world.merchantToldOfAccount(c.accountId, 1);
    expect(corrected?.status).to.equal('CORRECTED');
    expect(corrected?.payload).to.deep.include({
      code: 'C03',
      correctedFields: ['routingNumber', 'accountNumber'],
      sourceTransactionId: id,
      lastFourDigits: '4444',
      usable: true,
    });
    expect(await account()).to.include({ lastFourDigits: '4444', unusable: null });
    const audit = await operator(`/v1/operator/audit-log?subjectId=${c.accountId}`);
    expect(audit.data[0]).to.include({ action: 'LINKED_ACCOUNT_CORRECTED', actor: 'provider:increase' });
    expect(JSON.stringify(audit.data[0].changes)).to.not.include('55554444');

    second = await world.withdraw(c, 10);
    expect(increase.creates.at(-1)?.body).to.deep.include({
      account_number: '55554444',
      routing_number: '011000015',
    });
  });

  it('marks the account unusable on an R03 return, refuses the next withdrawal with nothing debited, and goes again once reinstated', async () => {
    const id = second;
    const reference = await world.accepted(id);
    await simulate(reference, 'settle');
    await world.merchantToldOf(id, 'SUCCESS');
    await simulate(reference, 'return', { reason: 'no_account' });
    expect(await world.merchantToldOf(id, 'FAILED')).to.deep.equal([
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
      'FAILED',
    ]);
    const told = await world.merchantToldOfAccount(c.accountId, 2);
    expect(told[1]?.status).to.equal('UNUSABLE');
    expect(told[1]?.payload).to.deep.include({ code: 'R03', sourceTransactionId: id, usable: false });
    expect((await account()).unusable).to.deep.include({ code: 'R03', transactionId: id });

    const before = await balance();
    const creates = increase.creates.length;
    const refused = await world.requestWithdrawal(c, 10);
    expect(refused.status).to.equal(409);
    expect(refused.json).to.deep.include({ success: false, fatal: true, code: 'LINKED_ACCOUNT_UNUSABLE' });
    expect(await balance()).to.equal(before);
    expect(increase.creates.length, 'nothing sent to Increase').to.equal(creates);

    const reinstated = await operator(`/v1/operator/linked-accounts/${c.accountId}/reinstate`, 'POST', {
      reason: 'Customer confirmed the account number with their bank',
    });
    expect(reinstated.status).to.equal(200);
    expect(reinstated.data.unusable).to.equal(null);
    const usable = await world.merchantToldOfAccount(c.accountId, 3);
    expect(usable[2]).to.deep.include({ status: 'USABLE' });
    await world.withdraw(c, 10);
    expect(increase.creates.length).to.equal(creates + 1);
  });
});
