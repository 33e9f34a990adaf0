import type {
  CheckWithdrawalNow,
  CreateEntity,
  CreateMerchant,
  CreditWallet,
  DecideWithdrawal,
  GetOperatorWithdrawal,
  GetTransaction,
  GetWebhookPayload,
  IssueApplicationToken,
  LinkAccount,
  ListAuditLog,
  ListWebhookDeliveries,
  OperatorDirectory,
  OperatorLinkedAccounts,
  OperatorReconciliation,
  OperatorReports,
  ReceiveRailWebhook,
  RedeliverWebhook,
  RequestWithdrawal,
  SetWebhookEndpoint,
  TokenVerifier,
  TransactionLists,
  UpdateMerchant,
  UpdateWallet,
  WalletReads,
  WebhookLists,
} from '@payout/domain';
import type { Logger } from 'pino';
import type { PayoutMetrics } from '../ops/payout-metrics.js';
import type { ReadinessReport } from '../ops/readiness.js';
import type { RateLimiter } from '../rate-limit/withdrawal-rate-limiter.js';

type Port<T, K extends keyof T> = Pick<T, K>;

/** The use cases the HTTP surface calls, named as packages/app's `buildUseCases` names them. */
export interface HttpUseCases {
  readonly requestWithdrawal: Port<RequestWithdrawal, 'execute'>;
  readonly decideWithdrawal: Port<DecideWithdrawal, 'approve' | 'reject' | 'fail'>;
  readonly getTransaction: Port<GetTransaction, 'execute'>;
  readonly getWebhookPayload: Port<GetWebhookPayload, 'execute'>;
  readonly receiveRailWebhook: Port<ReceiveRailWebhook, 'execute'>;
  readonly linkAccount: Port<LinkAccount, 'execute'>;
  readonly createMerchant: Port<CreateMerchant, 'execute'>;
  readonly updateMerchant: Port<UpdateMerchant, 'execute'>;
  readonly setWebhookEndpoint: Port<SetWebhookEndpoint, 'execute'>;
  readonly createEntity: Port<CreateEntity, 'execute'>;
  readonly creditWallet: Port<CreditWallet, 'execute'>;
  readonly updateWallet: Port<UpdateWallet, 'execute'>;
  readonly issueApplicationToken: Port<IssueApplicationToken, 'execute'>;
  readonly listWebhookDeliveries: Port<ListWebhookDeliveries, 'execute'>;
  readonly getOperatorWithdrawal: Port<GetOperatorWithdrawal, 'execute'>;
  readonly checkWithdrawalNow: Port<CheckWithdrawalNow, 'execute'>;
  readonly redeliverWebhook: Port<RedeliverWebhook, 'execute'>;
  readonly transactionLists: Port<TransactionLists, 'forClient' | 'forOperator'>;
  readonly walletReads: Port<WalletReads, 'wallet' | 'postings'>;
  readonly webhookLists: Port<WebhookLists, 'events' | 'deliveries'>;
  readonly operatorDirectory: Port<
    OperatorDirectory,
    'merchants' | 'merchant' | 'entities' | 'entity' | 'linkedAccounts'
  >;
  readonly listAuditLog: Port<ListAuditLog, 'execute'>;
  readonly operatorLinkedAccounts: Port<OperatorLinkedAccounts, 'unusable' | 'get' | 'reinstate'>;
  readonly operatorReconciliation: Port<OperatorReconciliation, 'runs' | 'exceptions' | 'resolve'>;
  readonly operatorReports: Port<OperatorReports, 'withdrawals' | 'runLines'>;
}

export type { ReadinessReport } from '../ops/readiness.js';

export interface HttpAppDeps {
  readonly useCases: HttpUseCases;
  readonly tokenVerifier: TokenVerifier;
  readonly withdrawalRateLimiter: RateLimiter;
  readonly logger: Logger;
  /** Checks of every dependency (PostgreSQL, Redis, job queue); /readyz is 503 when a required one fails. */
  readonly readiness: () => Promise<ReadinessReport>;
  /** express `trust proxy`: false, true, a hop count or a list of addresses (TRUST_PROXY). */
  readonly trustProxy: boolean | number | string;
  /** Counts every request by route pattern and serves `GET /metrics`; without it neither happens. */
  readonly metrics?: PayoutMetrics;
  /** A request body must arrive within this of its headers (HTTP_BODY_TIMEOUT_MS); 10 s unless given. */
  readonly bodyTimeoutMs?: number;
}
