import { randomBytes } from 'node:crypto';
import type { FieldCipher } from '@payout/domain';
import type { ContractSubject } from '@payout/domain/testing';
import type { Knex } from 'knex';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { recordedJobs, recordingJobs } from './recording-job-queue.js';
import { testDatabase } from './test-database.js';

/**
 * A KnexUnitOfWork on `knex` whose jobs are recorded rows and whose fields are encrypted under `cipher` (by
 * default a key of its own: give units of work that share rows one cipher).
 */
export function recordingUnitOfWork(
  knex: Knex,
  cipher: FieldCipher = new AesGcmFieldCipher(randomBytes(32)),
): KnexUnitOfWork {
  return new KnexUnitOfWork({ knex, jobs: recordingJobs, cipher });
}

/** A recording KnexUnitOfWork on the process's test database, for the domain's contracts. */
export async function knexContractSubject(): Promise<ContractSubject & { unitOfWork: KnexUnitOfWork }> {
  const { knex } = await testDatabase();
  const cipher = new AesGcmFieldCipher(randomBytes(32));
  return {
    unitOfWork: recordingUnitOfWork(knex, cipher),
    anotherProcess: () => recordingUnitOfWork(knex, cipher),
    committedJobs: () => recordedJobs(knex),
  };
}
