import { applicationTokenStoreContract } from './application-token-store.contract.js';
import { auditLogContract } from './audit-log.contract.js';
import type { ContractFactory } from './contract-subject.js';
import { entityRepositoryContract } from './entity-repository.contract.js';
import { ledgerRepositoryContract } from './ledger-repository.contract.js';
import { linkedAccountRepositoryContract } from './linked-account-repository.contract.js';
import { listReadsContract } from './list-reads.contract.js';
import { listReadsFiltersContract } from './list-reads-filters.contract.js';
import { merchantRepositoryContract } from './merchant-repository.contract.js';
import { reconciliationStoreContract } from './reconciliation-store.contract.js';
import { reportReadsContract } from './report-reads.contract.js';
import { unitOfWorkContract } from './unit-of-work.contract.js';
import { walletRepositoryContract } from './wallet-repository.contract.js';
import { webhookEndpointRepositoryContract } from './webhook-endpoint-repository.contract.js';
import { webhookEventRepositoryContract } from './webhook-event-repository.contract.js';
import { withdrawalRepositoryContract } from './withdrawal-repository.contract.js';

/** Every persistence contract: what an adapter of the repository ports and the unit of work must honour. */
export function persistenceContracts(factory: ContractFactory): void {
  unitOfWorkContract(factory);
  merchantRepositoryContract(factory);
  entityRepositoryContract(factory);
  walletRepositoryContract(factory);
  ledgerRepositoryContract(factory);
  linkedAccountRepositoryContract(factory);
  applicationTokenStoreContract(factory);
  withdrawalRepositoryContract(factory);
  webhookEndpointRepositoryContract(factory);
  webhookEventRepositoryContract(factory);
  listReadsContract(factory);
  listReadsFiltersContract(factory);
  auditLogContract(factory);
  reconciliationStoreContract(factory);
  reportReadsContract(factory);
}
