import type { CardVault } from '../ports/card-vault.port.js';
import type { Clock, WaitingClock } from '../ports/clock.port.js';
import type { IdGenerator } from '../ports/id-generator.port.js';
import type { Job } from '../ports/job-queue.port.js';
import type { OutboundUrlPolicy } from '../ports/outbound-url-policy.port.js';
import type { ProviderRecordsReader } from '../ports/provider-records.port.js';
import type { RailWebhookVerifier } from '../ports/rail-webhook.port.js';
import type { RecipientValidator } from '../ports/recipient-validator.port.js';
import type { SecretGenerator } from '../ports/secret-generator.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { WebhookSender } from '../ports/webhook-sender.port.js';
import type { RailRegistry } from '../rails/rail-registry.js';
import { LinkAccount } from './accounts/link-account.use-case.js';
import { OperatorLinkedAccounts } from './accounts/operator-linked-accounts.use-case.js';
import { OperatorDirectory } from './lists/operator-directory.use-case.js';
import { TransactionLists } from './lists/transaction-lists.use-case.js';
import { WalletReads } from './lists/wallet-reads.use-case.js';
import { WebhookLists } from './lists/webhook-lists.use-case.js';
import { IssueApplicationToken } from './operator/application-token-operations.use-case.js';
import { CreateEntity, CreditWallet, UpdateWallet } from './operator/entity-wallet-operations.use-case.js';
import { GetOperatorWithdrawal } from './operator/get-operator-withdrawal.use-case.js';
import { ListAuditLog } from './operator/list-audit-log.use-case.js';
import { CreateMerchant, UpdateMerchant } from './operator/merchant-operations.use-case.js';
import { VerifyLedger } from './operator/verify-ledger.use-case.js';
import {
  ListWebhookDeliveries,
  RedeliverWebhook,
  SetWebhookEndpoint,
} from './operator/webhook-operations.use-case.js';
import { OperatorReconciliation } from './reconciliation/operator-reconciliation.use-case.js';
import {
  DEFAULT_RECONCILIATION_SETTINGS,
  ReconcileProviderDay,
  type ReconciliationSettings,
} from './reconciliation/reconcile-provider-day.use-case.js';
import { ReconcileRecentDays } from './reconciliation/reconcile-recent-days.use-case.js';
import { ResolveReconciliationException } from './reconciliation/resolve-exception.use-case.js';
import { OperatorReports } from './reports/operator-reports.use-case.js';
import { DeliverWebhook, type WebhookDeliverySettings } from './webhooks/deliver-webhook.use-case.js';
import { CheckWithdrawalNow } from './withdrawals/decisions/check-withdrawal-now.use-case.js';
import { DecideWithdrawal } from './withdrawals/decisions/decide-withdrawal.use-case.js';
import { ExpireApproval } from './withdrawals/decisions/expire-approval.handler.js';
import { DueWithdrawals } from './withdrawals/poll/due-withdrawals.use-case.js';
import { GetTransaction } from './withdrawals/reads/get-transaction.use-case.js';
import { GetWebhookPayload } from './withdrawals/reads/get-webhook-payload.use-case.js';
import { RequestWithdrawal } from './withdrawals/request/request-withdrawal.use-case.js';
import { ReceiveRailWebhook } from './withdrawals/webhooks-in/receive-rail-webhook.use-case.js';
import type { WithdrawalSettings } from './withdrawals/withdrawal-settings.js';

export interface UseCasePorts {
  readonly unitOfWork: UnitOfWork;
  readonly rails: RailRegistry;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  readonly sender: WebhookSender;
  /** A number in [0, 1) for retry jitter. */
  readonly random: () => number;
  /** The providers whose webhooks are received (`POST /v1/rails/:provider/webhooks`); none when absent. */
  readonly railWebhooks?: readonly RailWebhookVerifier[];
  /** Tokenises linked cards at the provider that pays PUSH_TO_CARD. */
  readonly cardVault: CardVault;
  /** Which webhook endpoint URLs may be registered (the delivery checks its connection again). */
  readonly outboundUrls: OutboundUrlPolicy;
  /** Checks a recipient's details with the provider that would pay them, at link time; none: unchecked. */
  readonly recipients?: RecipientValidator;
  /** The providers' books reconciliation reads, and the clock its retries wait on; none: nothing to reconcile. */
  readonly reconciliation?: {
    readonly readers: readonly ProviderRecordsReader[];
    readonly clock: WaitingClock;
    readonly settings?: ReconciliationSettings;
  };
}

/** A clock that cannot wait, for a deployment without providers' books to read: no run ever retries a page. */
const neverWaiting = (clock: Clock): WaitingClock => ({
  now: () => clock.now(),
  sleep: async () => {
    throw new Error('no provider records are read here');
  },
});

export interface UseCaseSettings {
  readonly withdrawal: WithdrawalSettings;
  readonly webhooks: WebhookDeliverySettings;
}

export type UseCases = ReturnType<typeof assembleUseCases>;

/** Every use case of the product over one set of ports; HTTP routes and job workers call only these. */
export function assembleUseCases(ports: UseCasePorts, settings: UseCaseSettings) {
  const { unitOfWork, rails, clock, ids, secrets } = ports;
  const flow = { unitOfWork, rails, clock, ids, settings: settings.withdrawal };
  const operator = { unitOfWork, clock, ids, secrets };
  const deliverWebhook = new DeliverWebhook({
    unitOfWork,
    sender: ports.sender,
    clock,
    ids,
    settings: settings.webhooks,
    random: ports.random,
  });
  const expire = new ExpireApproval(flow);
  const reconciliation = ports.reconciliation;
  const reconcileProviderDay = new ReconcileProviderDay({
    unitOfWork,
    ids,
    readers: reconciliation?.readers ?? [],
    clock: reconciliation?.clock ?? neverWaiting(clock),
    settings: reconciliation?.settings ?? DEFAULT_RECONCILIATION_SETTINGS,
  });
  const resolveReconciliationException = new ResolveReconciliationException(operator);
  return {
    requestWithdrawal: new RequestWithdrawal(flow),
    decideWithdrawal: new DecideWithdrawal(flow),
    getTransaction: new GetTransaction(flow),
    getWebhookPayload: new GetWebhookPayload(flow),
    receiveRailWebhook: new ReceiveRailWebhook({ unitOfWork, clock, verifiers: ports.railWebhooks ?? [] }),
    linkAccount: new LinkAccount({
      ...operator,
      cardVault: ports.cardVault,
      ...(ports.recipients ? { recipients: ports.recipients } : {}),
    }),
    createMerchant: new CreateMerchant(operator),
    updateMerchant: new UpdateMerchant(operator),
    setWebhookEndpoint: new SetWebhookEndpoint({ ...operator, outboundUrls: ports.outboundUrls }),
    createEntity: new CreateEntity(operator),
    creditWallet: new CreditWallet(operator),
    updateWallet: new UpdateWallet(operator),
    issueApplicationToken: new IssueApplicationToken(operator),
    listWebhookDeliveries: new ListWebhookDeliveries(operator),
    getOperatorWithdrawal: new GetOperatorWithdrawal(flow),
    checkWithdrawalNow: new CheckWithdrawalNow(flow),
    redeliverWebhook: new RedeliverWebhook(operator),
    listAuditLog: new ListAuditLog(operator),
    verifyLedger: new VerifyLedger(flow),
    transactionLists: new TransactionLists(flow),
    walletReads: new WalletReads(flow),
    webhookLists: new WebhookLists(flow),
    operatorDirectory: new OperatorDirectory(flow),
    operatorLinkedAccounts: new OperatorLinkedAccounts(operator),
    /** One provider-day (`npm run reconcile`). */
    reconcileProviderDay,
    /** RECONCILIATION_CRON: yesterday, and the days still pending, for every provider read. */
    reconcileRecentDays: new ReconcileRecentDays({ reconcile: reconcileProviderDay, unitOfWork, clock }),
    resolveReconciliationException,
    /** The operator API's runs, exceptions and resolutions. */
    operatorReconciliation: new OperatorReconciliation({
      unitOfWork,
      clock,
      resolver: resolveReconciliationException,
    }),
    /** The operator's CSV reports: withdrawals of a range of days, a run's lines. */
    operatorReports: new OperatorReports({ unitOfWork }),
    /** The webhook delivery queue's worker side: claim due events, deliver each. */
    deliverWebhook,
    /** The withdrawal work queue's worker side: claim due withdrawals, submit or poll each. */
    dueWithdrawals: new DueWithdrawals(flow),
    /** One entry for every job the queue can hold. */
    handleJob: async (job: Job): Promise<void> => {
      switch (job.name) {
        case 'withdrawal.expire-approval':
          return expire.handle(job.withdrawalId);
      }
    },
  };
}
