import type { ApiClient, ApiResponse } from '@payout/adapters-http/testing';
import { type Cut, TransactionCutter } from '@payout/adapters-persistence/testing';
import { Money, type UnitOfWork, walletAccount } from '@payout/domain';
import { expect } from 'chai';
import { DATABASE, type Database } from '../container/postgres.module.js';
import { TOKENS } from '../container/tokens.js';
import { type ApiServiceFixture, startApiService } from './api-service.fixture.js';

const BALANCE = '100.00';
/** 10.00 by ACH: 0.25 in fees. */
const AMOUNT = 10;
const TOTAL = '10.25';

/**
 * The API process alone on PostgreSQL, its connection cut at each statement of a withdrawal's transaction (see
 * TransactionCutter): every answer says what happened to the money, and the money matches its ledger.
 */
describe('A withdrawal whose connection is cut mid-transaction (PostgreSQL)', function () {
  this.timeout(60_000);
  let fixture: ApiServiceFixture;
  let api: ApiClient;
  let cutter: TransactionCutter;
  let store: UnitOfWork;

  before(async () => {
    fixture = await startApiService('commit_cut');
    api = fixture.api;
    const service = fixture.service;
    const { knex } = await service.container.getAsync<Database>(DATABASE);
    // Knex reports each connection it discards on the console; here they are the ones the test breaks.
    (knex.client as { logger: { warn: (message: string) => void } }).logger.warn = () => undefined;
    cutter = new TransactionCutter(knex);
    store = await service.container.getAsync(TOKENS.unitOfWork);
  });

  after(async () => {
    cutter?.restore();
    await fixture?.stop();
  });

  /** The wallet's balance, which must equal the sum of its ledger postings. */
  async function balanceOf(walletId: string): Promise<string> {
    const wallet = await store.read.wallets.findById(walletId);
    const postings = Money.sum(
      (await store.read.ledger.entriesForWallet(walletId))
        .flatMap((entry) => entry.lines)
        .filter((line) => line.account === walletAccount(walletId))
        .map((line) => line.amount),
    );
    expect(wallet?.balance.toString(), 'balance = its ledger postings').to.equal(postings.toString());
    return postings.toString();
  }

  async function withdrawCut(cut: Cut | null) {
    const payer = await api.payer('bank', BALANCE);
    cutter.arm(cut);
    const res = await api.withdraw(payer.entity, payer.accountId, { amount: AMOUNT, walletType: 'SPEND' });
    return { res, walletId: payer.entity.walletId };
  }

  const expectUnavailable = (res: ApiResponse, label: string) => {
    expect(res.status, `${label}: ${JSON.stringify(res.json)}`).to.equal(503);
    expect(Number(res.headers.get('retry-after')), label).to.be.greaterThan(0);
    expect(res.json, label).to.include({ success: false, fatal: true, code: 'SERVICE_UNAVAILABLE' });
  };

  /** 200 with the withdrawal as stored, debited exactly once. */
  async function expectStored(res: ApiResponse, walletId: string) {
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    const stored = await store.read.withdrawals.findById(res.json.data.id);
    expect(stored?.debited).to.equal(true);
    expect(res.json.data).to.include({ amount: TOTAL, fees: '0.25' });
    expect(await balanceOf(walletId)).to.equal(Money.of(BALANCE).minus(Money.of(TOTAL)).toString());
    expect(await store.read.ledger.walletDrift()).to.deep.equal([]);
  }

  it('answers 503 with Retry-After and debits nothing when cut before any statement of it, COMMIT included', async () => {
    const counted = await withdrawCut(null);
    await expectStored(counted.res, counted.walletId);
    const statements = cutter.counted;
    expect(statements, 'BEGIN, a write, COMMIT at least').to.be.at.least(3);
    for (let before = 0; before < statements; before++) {
      const { res, walletId } = await withdrawCut({ before });
      const label = `cut before statement ${before} of ${statements} (the last is COMMIT)`;
      expectUnavailable(res, label);
      expect(await balanceOf(walletId), label).to.equal(BALANCE);
    }
  });

  it('answers 200 with the stored withdrawal, debited once, when COMMIT ran but its answer was lost', async () => {
    const { res, walletId } = await withdrawCut({ commitAnswerLost: true });
    await expectStored(res, walletId);
    // The request goes on after the commit: the rail was called and its answer recorded.
    const stored = await store.read.withdrawals.findById(res.json.data.id);
    expect(stored?.submitAttempts).to.equal(1);
    expect(stored?.railReference).to.be.a('string');
  });

  it('when the database stays away past the read-back, answers 503 naming the withdrawal, which the worker will submit', async () => {
    const { res, walletId } = await withdrawCut({ commitAnswerLost: true, down: true });
    cutter.up();
    expect(res.status, JSON.stringify(res.json)).to.equal(503);
    expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(res.json).to.include({ code: 'OUTCOME_UNKNOWN' });
    const stored = await store.read.withdrawals.findById(res.json.transactionId);
    expect(stored?.debited, 'committed before the cut').to.equal(true);
    expect(stored?.railReference, 'never submitted').to.equal(null);
    expect(stored?.nextCheckAt, "the worker's safety net").to.be.instanceOf(Date);
    expect(await balanceOf(walletId)).to.equal(Money.of(BALANCE).minus(Money.of(TOTAL)).toString());
  });

  describe('operator approval (debits)', () => {
    async function approveCut(cut: Cut | null) {
      const merchant = await api.merchant({ approvalThreshold: '5.00' });
      const payer = await api.payer('bank', BALANCE, merchant);
      const held = await api.withdraw(payer.entity, payer.accountId, { amount: AMOUNT, walletType: 'SPEND' });
      expect(held.json.data?.status, JSON.stringify(held.json)).to.equal('AWAITING_APPROVAL');
      cutter.arm(cut);
      const res = await api.request('POST', `/v1/operator/withdrawals/${held.json.data.id}/approve`, {
        token: api.operatorToken('approver'),
        body: {},
      });
      return { res, walletId: payer.entity.walletId };
    }

    it('answers 503 and debits nothing when cut before any statement of the approval, COMMIT included', async () => {
      const counted = await approveCut(null);
      await expectStored(counted.res, counted.walletId);
      const statements = cutter.counted;
      for (let before = 0; before < statements; before++) {
        const { res, walletId } = await approveCut({ before });
        const label = `cut before statement ${before} of ${statements}`;
        expectUnavailable(res, label);
        expect(await balanceOf(walletId), label).to.equal(BALANCE);
      }
    });

    it('answers 200 with the approved withdrawal, debited once, when COMMIT ran but its answer was lost', async () => {
      const { res, walletId } = await approveCut({ commitAnswerLost: true });
      await expectStored(res, walletId);
    });
  });
});
