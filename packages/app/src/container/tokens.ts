import type { CheckedResource, PayoutMetrics } from '@payout/adapters-http/ops';
import type { LeasedQueue } from '@payout/adapters-persistence';
import type {
  Clock,
  DueDelivery,
  IdGenerator,
  RailRegistry,
  RailStepStore,
  SecretGenerator,
  SimulatedPayoutBook,
  UnitOfWork,
  WebhookSender,
} from '@payout/domain';
import type { ServiceIdentifier } from 'inversify';
import type { AppConfig } from '../config/config.js';
import type { UseCases } from './use-cases.js';

/** A background process the service starts and stops: job workers, pollers. */
export interface Worker {
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

/** Something to check for /readyz and to close on shutdown. */
export interface Resource extends CheckedResource {
  close(): Promise<void>;
}

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`payout.${name}`);

/** Every binding of the composition root, by role. */
export const TOKENS = {
  config: token<AppConfig>('config'),
  clock: token<Clock>('clock'),
  /** This process's `payout_` metrics, served at the API's or the worker's `/metrics`. */
  metrics: token<PayoutMetrics>('metrics'),
  ids: token<IdGenerator>('ids'),
  secrets: token<SecretGenerator>('secrets'),
  unitOfWork: token<UnitOfWork>('unitOfWork'),
  rails: token<RailRegistry>('rails'),
  /** Where multi-step rails (Wise) keep what they made for each withdrawal across attempts. */
  railSteps: token<RailStepStore>('railSteps'),
  /** The simulated provider's book of what its rails accepted, shared by every process of the deployment. */
  simulatedBook: token<SimulatedPayoutBook>('simulatedBook'),
  webhookSender: token<WebhookSender>('webhookSender'),
  useCases: token<UseCases>('useCases'),
  /** Runs the jobs (approval expiries). */
  worker: token<Worker>('worker'),
  /** The webhook deliveries due, as the environment's storage claims them. */
  webhookQueue: token<LeasedQueue<DueDelivery>>('webhookQueue'),
  /** Delivers webhook events from their queue; `wake` claims at once instead of at the next look. */
  webhookWorker: token<Worker & { wake(): void }>('webhookWorker'),
  /** Submits and polls withdrawals from their queue, the withdrawals table. */
  withdrawalWorker: token<Worker>('withdrawalWorker'),
  resources: token<Resource[]>('resources'),
} as const;
