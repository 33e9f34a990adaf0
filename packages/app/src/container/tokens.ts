import type {
  Clock,
  IdGenerator,
  RailRegistry,
  SecretGenerator,
  UnitOfWork,
  WebhookSender,
} from '@payout/domain';
import type { ServiceIdentifier } from 'inversify';
import type { AppConfig } from '../config/config.js';
import type { WebhookHandoff } from '../infrastructure/webhook-handoff.js';
import type { UseCases } from './use-cases.js';

/** A background process the service starts and stops: job workers, pollers. */
export interface Worker {
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

/** Something to check for /readyz and to close on shutdown. */
export interface Resource {
  readonly name: string;
  /** True when an API-only process serves requests without it: /readyz reports it but stays 200. */
  readonly apiServesWithout?: boolean;
  check(): Promise<void>;
  close(): Promise<void>;
}

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`payout.${name}`);

/** Every binding of the composition root, by role. */
export const TOKENS = {
  config: token<AppConfig>('config'),
  clock: token<Clock>('clock'),
  ids: token<IdGenerator>('ids'),
  secrets: token<SecretGenerator>('secrets'),
  unitOfWork: token<UnitOfWork>('unitOfWork'),
  rails: token<RailRegistry>('rails'),
  webhookSender: token<WebhookSender>('webhookSender'),
  useCases: token<UseCases>('useCases'),
  /** Runs the jobs (approval expiries). */
  worker: token<Worker>('worker'),
  /** Delivers webhook events from their queue, `webhook_deliveries`; `lookNow` when told events are due. */
  webhookWorker: token<Worker & { lookNow(): void }>('webhookWorker'),
  /** Hands the events of this process's transactions to its delivery, or announces them (WebhookHandoff). */
  webhookHandoff: token<WebhookHandoff>('webhookHandoff'),
  /** Submits and polls withdrawals from their queue, the withdrawals table. */
  withdrawalWorker: token<Worker>('withdrawalWorker'),
  resources: token<Resource[]>('resources'),
} as const;
