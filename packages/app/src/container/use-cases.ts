import {
  type Clock,
  CreateEntity,
  CreateMerchant,
  CreditWallet,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
  DEFAULT_WITHDRAWAL_SETTINGS,
  DecideWithdrawal,
  DeliverWebhook,
  ExpireApproval,
  GetTransaction,
  GetWebhookPayload,
  type IdGenerator,
  IssueApplicationToken,
  type Job,
  LinkAccount,
  ListWebhookDeliveries,
  PollWithdrawal,
  type RailRegistry,
  RedeliverWebhook,
  RequestWithdrawal,
  type SecretGenerator,
  SetWebhookEndpoint,
  SubmitWithdrawal,
  type UnitOfWork,
  UpdateMerchant,
  UpdateWallet,
  VerifyLedger,
  type WebhookSender,
  type WithdrawalSettings,
} from '@payout/domain';
import type { AppConfig } from '../config/config.js';

export interface CorePorts {
  readonly unitOfWork: UnitOfWork;
  readonly rails: RailRegistry;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  readonly sender: WebhookSender;
  readonly random: () => number;
}

export type UseCases = ReturnType<typeof buildUseCases>;

export const withdrawalSettingsFrom = (config: AppConfig): WithdrawalSettings => ({
  ...DEFAULT_WITHDRAWAL_SETTINGS,
  railTimeoutMs: config.railTimeoutMs,
  approvalTtlMs: config.approvalTtlSeconds * 1000,
  // Retries of an unavailable rail start at a tenth of the rail timeout in short test set-ups.
  submitRetryDelayMs: Math.min(
    DEFAULT_WITHDRAWAL_SETTINGS.submitRetryDelayMs,
    Math.max(50, config.railTimeoutMs / 5),
  ),
  pollRetryDelayMs: Math.min(
    DEFAULT_WITHDRAWAL_SETTINGS.pollRetryDelayMs,
    Math.max(50, config.railTimeoutMs / 2),
  ),
});

/** Every use case of the product, built from the ports; the HTTP adapter and the workers call only these. */
export function buildUseCases(ports: CorePorts, config: AppConfig) {
  const flow = {
    unitOfWork: ports.unitOfWork,
    rails: ports.rails,
    clock: ports.clock,
    ids: ports.ids,
    settings: withdrawalSettingsFrom(config),
  };
  const operator = {
    unitOfWork: ports.unitOfWork,
    clock: ports.clock,
    ids: ports.ids,
    secrets: ports.secrets,
  };
  const deliverWebhook = new DeliverWebhook({
    unitOfWork: ports.unitOfWork,
    sender: ports.sender,
    clock: ports.clock,
    ids: ports.ids,
    settings: {
      retryScheduleMs: config.webhookRetryScheduleMs ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
      jitterRatio: 0.2,
    },
    random: ports.random,
  });
  const submit = new SubmitWithdrawal(flow);
  const poll = new PollWithdrawal(flow);
  const expire = new ExpireApproval(flow);
  return {
    requestWithdrawal: new RequestWithdrawal(flow),
    decideWithdrawal: new DecideWithdrawal(flow),
    getTransaction: new GetTransaction(flow),
    getWebhookPayload: new GetWebhookPayload(flow),
    linkAccount: new LinkAccount(operator),
    createMerchant: new CreateMerchant(operator),
    updateMerchant: new UpdateMerchant(operator),
    setWebhookEndpoint: new SetWebhookEndpoint(operator),
    createEntity: new CreateEntity(operator),
    creditWallet: new CreditWallet(operator),
    updateWallet: new UpdateWallet(operator),
    issueApplicationToken: new IssueApplicationToken(operator),
    listWebhookDeliveries: new ListWebhookDeliveries(operator),
    redeliverWebhook: new RedeliverWebhook(operator),
    verifyLedger: new VerifyLedger(flow),
    /** One entry for every job the queue can hold. */
    handleJob: async (job: Job): Promise<void> => {
      switch (job.name) {
        case 'withdrawal.submit':
          return submit.handle(job.withdrawalId, job.attempt);
        case 'withdrawal.poll':
          return poll.handle(job.withdrawalId);
        case 'withdrawal.expire-approval':
          return expire.handle(job.withdrawalId);
        case 'webhook.deliver':
          return deliverWebhook.handle(job.eventId, job.redelivery ?? false);
      }
    },
  };
}
