import type { LinkedAccount, WebhookEndpoint } from '@payout/domain';
import { SequentialIds, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { migrateLatest } from '../migrations/migrate.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { type ScratchDatabase, scratchDatabase } from '../testing/test-database.js';
import { AesGcmFieldCipher } from './aes-gcm-field-cipher.js';
import { reencryptFields, SEALED_COLUMNS } from './reencrypt-fields.js';

const LEGACY = Buffer.alloc(32, 1);
const KEY_A = Buffer.alloc(32, 2);
const KEY_B = Buffer.alloc(32, 3);

describe('reencryptFields: rotating the field keys', function () {
  this.timeout(30_000);
  let database: ScratchDatabase;
  const accounts: LinkedAccount[] = [];
  const endpoints: WebhookEndpoint[] = [];

  /** Customers whose accounts and endpoints `cipher` seals: as rows written before each rotation were. */
  async function seed(cipher: AesGcmFieldCipher, ids: SequentialIds, count: number) {
    const unitOfWork = recordingUnitOfWork(database.knex, cipher);
    for (let i = 0; i < count; i += 1) {
      const customer = await seedCustomer(unitOfWork, ids, new Date(), { kind: i % 2 ? 'card' : 'bank' });
      const account = await unitOfWork.read.linkedAccounts.findById(customer.accountId);
      accounts.push(account as LinkedAccount);
      const endpoint: WebhookEndpoint = {
        id: ids.next(),
        merchantId: customer.merchantId,
        url: `https://merchant-${i}.example/hooks`,
        secrets: [{ secret: `whsec_${Buffer.from(`secret-${i}`).toString('base64')}`, expiresAt: null }],
        disabled: false,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      };
      await unitOfWork.run((tx) => tx.webhookEndpoints.save(endpoint));
      endpoints.push(endpoint);
    }
  }

  const sealedValues = async () => {
    const values: string[] = [];
    for (const { table, column } of SEALED_COLUMNS)
      values.push(...(await database.knex(table).pluck(column)));
    return values;
  };

  before(async () => {
    database = await scratchDatabase('reencrypt_fields');
    await migrateLatest(database.knex);
    await seed(new AesGcmFieldCipher(LEGACY), new SequentialIds('00000001'), 3);
    await seed(new AesGcmFieldCipher([{ id: 'key-a', key: KEY_A }]), new SequentialIds('00000002'), 2);
  });

  after(async () => {
    await database?.drop();
  });

  it('moves every row to the new key, resuming where a stopped run left off, and the old keys can go', async () => {
    const ring = new AesGcmFieldCipher([
      { id: 'key-b', key: KEY_B },
      { id: 'key-a', key: KEY_A },
      { id: 'legacy', key: LEGACY },
    ]);
    let batches = 0;
    const stopped = await reencryptFields(database.knex, ring, {
      batchSize: 2,
      onBatch: () => {
        batches += 1;
        if (batches === 2) throw new Error('killed mid-run');
      },
    }).catch((error: Error) => error.message);
    expect(stopped).to.equal('killed mid-run');
    const halfway = await sealedValues();
    expect(halfway.filter((value) => value.startsWith('v2.key-b.'))).to.have.length(4);

    const resumed = await reencryptFields(database.knex, ring, { batchSize: 2 });
    expect(resumed.resealed, 'only what the first run left').to.deep.equal({
      linked_accounts: 1,
      webhook_endpoints: 5,
    });
    expect(resumed.remaining).to.deep.equal({ linked_accounts: 0, webhook_endpoints: 0 });
    expect((await sealedValues()).every((value) => value.startsWith('v2.key-b.'))).to.equal(true);
    const again = await reencryptFields(database.knex, ring);
    expect(again.resealed, 'nothing left to do').to.deep.equal({ linked_accounts: 0, webhook_endpoints: 0 });

    const newKeyOnly = recordingUnitOfWork(
      database.knex,
      new AesGcmFieldCipher([{ id: 'key-b', key: KEY_B }]),
    );
    for (const account of accounts)
      expect(await newKeyOnly.read.linkedAccounts.findById(account.id)).to.deep.equal(account);
    for (const endpoint of endpoints)
      expect(
        (await newKeyOnly.read.webhookEndpoints.findByMerchant(endpoint.merchantId))?.secrets,
      ).to.deep.equal(endpoint.secrets);
  });
});
