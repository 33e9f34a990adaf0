import { expect } from 'chai';
import type { AuditEntry } from '../../audit/audit-entry.js';
import { at } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';

/** An entry of an actor of its own, so suites sharing one database only ever see their own entries. */
const entry = (actor: string, offsetMs: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: contractIds.next(),
  at: at(offsetMs),
  actor,
  action: 'MERCHANT_UPDATED',
  subjectType: 'MERCHANT',
  subjectId: contractIds.next(),
  changes: { payoutsEnabled: false },
  ...overrides,
});

export function auditLogContract(factory: ContractFactory): void {
  describe('AuditLog contract', () => {
    it('reads back an entry as written, its changes a JSON document', async () => {
      const { unitOfWork } = await factory();
      const written = entry(`actor-${contractIds.next()}`, 0, {
        action: 'WEBHOOK_SECRET_ROTATED',
        changes: {
          url: 'https://example.com/hooks',
          secret: 'rotated',
          feeOverrides: { ACH: { type: 'FLAT', amount: '0.10' }, WIRE: null },
          count: 2,
          on: true,
          list: ['a', 1],
        },
      });
      await unitOfWork.run((tx) => tx.auditLog.append(written));
      expect(await unitOfWork.read.auditLog.list({ actor: written.actor }, null, 10, 'desc')).to.deep.equal([
        written,
      ]);
    });

    it('lists newest first (or oldest first), by time then by id, each page strictly after the position given', async () => {
      const { unitOfWork } = await factory();
      const actor = `actor-${contractIds.next()}`;
      const [oldest, tiedFirst, tiedSecond, newest] = [
        entry(actor, 1000),
        entry(actor, 2000),
        entry(actor, 2000),
        entry(actor, 3000),
      ];
      await unitOfWork.run(async (tx) => {
        for (const e of [tiedSecond, newest, oldest, tiedFirst]) await tx.auditLog.append(e);
      });
      const ids = (entries: readonly AuditEntry[]) => entries.map((e) => e.id);
      const order = [newest, tiedSecond, tiedFirst, oldest].map((e) => e.id);
      expect(ids(await unitOfWork.read.auditLog.list({ actor }, null, 10, 'desc'))).to.deep.equal(order);
      const first = await unitOfWork.read.auditLog.list({ actor }, null, 2, 'desc');
      expect(ids(first)).to.deep.equal(order.slice(0, 2));
      const next = await unitOfWork.read.auditLog.list({ actor }, first[1] ?? null, 2, 'desc');
      expect(ids(next)).to.deep.equal(order.slice(2));
      expect(await unitOfWork.read.auditLog.list({ actor }, oldest, 2, 'desc')).to.deep.equal([]);
      const oldestFirst = [...order].reverse();
      const firstUp = await unitOfWork.read.auditLog.list({ actor }, null, 2, 'asc');
      expect(ids(firstUp)).to.deep.equal(oldestFirst.slice(0, 2));
      const nextUp = await unitOfWork.read.auditLog.list({ actor }, firstUp[1] ?? null, 2, 'asc');
      expect(ids(nextUp)).to.deep.equal(oldestFirst.slice(2));
      expect(await unitOfWork.read.auditLog.list({ actor }, newest, 2, 'asc')).to.deep.equal([]);
    });

    it('filters by action, subject and actor, all given filters at once', async () => {
      const { unitOfWork } = await factory();
      const actor = `actor-${contractIds.next()}`;
      const subjectId = contractIds.next();
      const approved = entry(actor, 0, {
        action: 'WITHDRAWAL_APPROVED',
        subjectType: 'WITHDRAWAL',
        subjectId,
      });
      const credited = entry(actor, 1, { action: 'WALLET_CREDITED', subjectType: 'WALLET' });
      const otherActor = entry(`actor-${contractIds.next()}`, 2, {
        action: 'WITHDRAWAL_APPROVED',
        subjectType: 'WITHDRAWAL',
        subjectId,
      });
      await unitOfWork.run(async (tx) => {
        for (const e of [approved, credited, otherActor]) await tx.auditLog.append(e);
      });
      const list = (filter: Parameters<typeof unitOfWork.read.auditLog.list>[0]) =>
        unitOfWork.read.auditLog.list(filter, null, 10, 'desc').then((entries) => entries.map((e) => e.id));
      expect(await list({ actor, action: 'WITHDRAWAL_APPROVED' })).to.deep.equal([approved.id]);
      expect(await list({ subjectId })).to.deep.equal([otherActor.id, approved.id]);
      expect(await list({ subjectId, actor })).to.deep.equal([approved.id]);
      expect(await list({ actor, action: 'ENTITY_CREATED' })).to.deep.equal([]);
    });

    it('keeps no entry of a unit of work that rolls back', async () => {
      const { unitOfWork } = await factory();
      const written = entry(`actor-${contractIds.next()}`, 0);
      const failure = new Error('the action failed');
      expect(
        await rejectionOf(
          unitOfWork.run(async (tx) => {
            await tx.auditLog.append(written);
            throw failure;
          }),
        ),
      ).to.equal(failure);
      expect(await unitOfWork.read.auditLog.list({ actor: written.actor }, null, 10, 'desc')).to.deep.equal(
        [],
      );
    });
  });
}
