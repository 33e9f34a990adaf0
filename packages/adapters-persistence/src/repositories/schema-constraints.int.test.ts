import { Money } from '@payout/domain';
import { buildParties, buildWithdrawal, contractIds, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { testDatabase } from '../testing/test-database.js';
import type { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';
const INSUFFICIENT_PRIVILEGE = '42501';

async function sqlStateOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  throw new Error('expected PostgreSQL to refuse the write');
}

describe('PostgreSQL schema guarantees', () => {
  let knex: Knex;
  let unitOfWork: KnexUnitOfWork;

  before(async () => {
    ({ knex } = await testDatabase());
    unitOfWork = recordingUnitOfWork(knex);
  });

  it('keeps the operator audit log append-only: an entry cannot be updated, deleted or truncated', async () => {
    const entry = {
      id: contractIds.next(),
      at: new Date('2026-03-01T10:00:00.000Z'),
      actor: `actor-${contractIds.next()}`,
      action: 'WALLET_UPDATED' as const,
      subjectType: 'WALLET' as const,
      subjectId: contractIds.next(),
      changes: { disabled: true },
    };
    await unitOfWork.run((tx) => tx.auditLog.append(entry));
    const row = () => knex('operator_audit_log').where({ id: entry.id });
    expect(await sqlStateOf(row().update({ actor: 'someone else' }))).to.equal(INSUFFICIENT_PRIVILEGE);
    expect(await sqlStateOf(row().delete())).to.equal(INSUFFICIENT_PRIVILEGE);
    expect(await sqlStateOf(knex.raw('TRUNCATE operator_audit_log'))).to.equal(INSUFFICIENT_PRIVILEGE);
    expect(await unitOfWork.read.auditLog.list({ actor: entry.actor }, null, 10, 'desc')).to.deep.equal([
      entry,
    ]);
  });

  it('refuses to change the columns a row is made with: an entity’s identity, a wallet’s owner, a withdrawal’s amounts', async () => {
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    await unitOfWork.run((tx) => tx.withdrawals.insert(withdrawal));
    const entity = () => knex('entities').where({ id: parties.entity.id });
    const wallet = () => knex('wallets').where({ id: parties.wallet.id });
    const stored = () => knex('withdrawals').where({ id: withdrawal.id });
    for (const refused of [
      entity().update({ entity_type: 'BUSINESS' }),
      entity().update({ merchant_id: parties.merchant.id, wallet_id: parties.merchantWallet.id }),
      wallet().update({ owner_id: parties.merchant.id }),
      wallet().update({ wallet_type: 'MERCHANT' }),
      stored().update({ amount: '9.00', total: '9.25' }),
      stored().update({ rail: 'RTP' }),
      stored().update({ requested_by: 'someone else' }),
    ])
      expect(await sqlStateOf(refused)).to.equal(INSUFFICIENT_PRIVILEGE);
    expect(await unitOfWork.read.entities.findById(parties.entity.id)).to.deep.equal(parties.entity);
    expect(await unitOfWork.read.wallets.findById(parties.wallet.id)).to.deep.equal(parties.wallet);
    expect((await unitOfWork.read.withdrawals.findById(withdrawal.id))?.total).to.deep.equal(
      withdrawal.total,
    );
    // What may change does: the contact of an entity, the same value written again, a withdrawal's state.
    await entity().update({ email: 'new@example.test', entity_type: parties.entity.entityType });
    await stored().update({ next_check_at: new Date('2026-03-01T10:00:00.000Z') });
    expect((await unitOfWork.read.entities.findById(parties.entity.id))?.email).to.equal('new@example.test');
  });

  it('refuses a negative wallet balance and keeps the stored one', async () => {
    const { wallet } = await seedParties(unitOfWork, '0.50');
    const state = await sqlStateOf(
      unitOfWork.run((tx) => tx.wallets.update({ ...wallet, balance: Money.of('-0.01') })),
    );
    expect(state).to.equal(CHECK_VIOLATION);
    expect((await unitOfWork.read.wallets.findById(wallet.id))?.balance.toString()).to.equal('0.50');
  });

  it('refuses a withdrawal of zero and one whose total is not amount plus fees', async () => {
    const parties = await seedParties(unitOfWork);
    const zero = { ...buildWithdrawal(parties), amount: Money.ZERO, total: Money.of('0.25') };
    expect(await sqlStateOf(unitOfWork.run((tx) => tx.withdrawals.insert(zero)))).to.equal(CHECK_VIOLATION);
    const wrongTotal = { ...buildWithdrawal(parties), total: Money.of('10.00') };
    expect(await sqlStateOf(unitOfWork.run((tx) => tx.withdrawals.insert(wrongTotal)))).to.equal(
      CHECK_VIOLATION,
    );
  });

  it('checks a merchant’s wallet reference at commit, so it may be saved before its wallet but not without it', async () => {
    const parties = buildParties();
    await unitOfWork.run(async (tx) => {
      await tx.merchants.save(parties.merchant);
      await tx.wallets.insert(parties.merchantWallet);
    });
    const orphan = buildParties().merchant;
    expect(await sqlStateOf(unitOfWork.run((tx) => tx.merchants.save(orphan)))).to.equal(
      FOREIGN_KEY_VIOLATION,
    );
    expect(await unitOfWork.read.merchants.findById(orphan.id)).to.equal(null);
  });

  it('stores account numbers and webhook secrets only as ciphertext', async () => {
    const { account, merchant } = await seedParties(unitOfWork);
    const secret = 'whsec_c2VjcmV0LW5ldmVyLWluLWNsZWFyLXRleHQ';
    await unitOfWork.run((tx) =>
      tx.webhookEndpoints.save({
        id: contractIds.next(),
        merchantId: merchant.id,
        url: 'https://merchant.example.test/hook',
        secrets: [{ secret, expiresAt: null }],
        disabled: false,
        createdAt: account.createdAt,
        updatedAt: account.createdAt,
      }),
    );
    const accountRow = JSON.stringify(await knex('linked_accounts').where({ id: account.id }).first());
    const endpointRow = JSON.stringify(
      await knex('webhook_endpoints').where({ merchant_id: merchant.id }).first(),
    );
    for (const plaintext of ['000123456789', '011000015']) expect(accountRow).to.not.include(plaintext);
    expect(accountRow).to.include('6789').and.to.include('CHECKING');
    expect(endpointRow).to.not.include(secret);
    const otherKey = recordingUnitOfWork(knex);
    let refused = false;
    await otherKey.read.linkedAccounts.findById(account.id).catch(() => {
      refused = true;
    });
    expect(refused, 'a foreign key must not decrypt the account').to.equal(true);
  });

  it('returns numeric and int8 as exact strings, never as JS numbers', async () => {
    const { rows } = await knex.raw<{ rows: Array<{ big: string; sum: string; n: string }> }>(
      "SELECT '99999999999999999.99'::numeric(20,2) AS big, (0.10::numeric(20,2) + 0.20::numeric(20,2)) AS sum, count(*) AS n FROM (VALUES (1), (2)) v",
    );
    expect(rows[0]).to.deep.equal({ big: '99999999999999999.99', sum: '0.30', n: '2' });
    const stateOfOverflow = await sqlStateOf(knex.raw("SELECT '1000000000000000000.00'::numeric(20,2)"));
    expect(stateOfOverflow).to.equal('22003');
  });
});
