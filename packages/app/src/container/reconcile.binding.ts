import {
  AesGcmFieldCipher,
  KnexSimulatedPayoutBook,
  KnexUnitOfWork,
  PgBossJobs,
  SystemClock,
  TimeOrderedUuidGenerator,
} from '@payout/adapters-persistence';
import { type DomainError, ReconcileProviderDay, type ReconciliationRun, type Result } from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { Database } from './postgres.module.js';
import { providerRecordsFor } from './provider-records.binding.js';

/**
 * `npm run reconcile`: one provider-day over the database, with the readers the configuration's rails call for, as
 * the scheduled reconciliation runs it in the workers.
 */
export function reconcileOnDatabase(
  config: AppConfig,
  database: Database,
  provider: string,
  day: string,
): Promise<Result<ReconciliationRun, DomainError>> {
  const clock = new SystemClock();
  const unitOfWork = new KnexUnitOfWork({
    knex: database.knex,
    jobs: new PgBossJobs(database.boss),
    cipher: new AesGcmFieldCipher(config.encryptionKeys),
  });
  const readers = providerRecordsFor(config, {
    clock,
    simulatedBook: new KnexSimulatedPayoutBook(database.knex),
  });
  return new ReconcileProviderDay({
    unitOfWork,
    readers,
    clock,
    ids: new TimeOrderedUuidGenerator(),
  }).execute(provider, day);
}
