import { randomBytes } from 'node:crypto';
import type { ContractSubject } from '@payout/domain/testing';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { recordedJobs, recordingJobs } from './recording-job-queue.js';
import { testDatabase } from './test-database.js';

/** A KnexUnitOfWork on the process's test database whose jobs are recorded rows, for the domain's contracts. */
export async function knexContractSubject(): Promise<ContractSubject & { unitOfWork: KnexUnitOfWork }> {
  const { knex } = await testDatabase();
  const unitOfWork = new KnexUnitOfWork({
    knex,
    jobs: recordingJobs,
    cipher: new AesGcmFieldCipher(randomBytes(32)),
  });
  return { unitOfWork, committedJobs: () => recordedJobs(knex) };
}
