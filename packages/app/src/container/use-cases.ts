import {
  assembleUseCases,
  DEFAULT_WEBHOOK_CLAIM_LEASE_MS,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
  DEFAULT_WITHDRAWAL_SETTINGS,
  type UseCasePorts,
  type UseCases,
  type WithdrawalSettings,
} from '@payout/domain';
import type { AppConfig } from '../config/config.js';

export type { UseCasePorts as CorePorts, UseCases };

export const withdrawalSettingsFrom = (config: AppConfig): WithdrawalSettings => ({
  ...DEFAULT_WITHDRAWAL_SETTINGS,
  railTimeoutMs: config.railTimeoutMs,
  approvalTtlMs: config.approvalTtlSeconds * 1000,
  // Short rail timeouts (tests, sandboxes) shorten the retry delays with them.
  submitRetryDelayMs: Math.min(
    DEFAULT_WITHDRAWAL_SETTINGS.submitRetryDelayMs,
    Math.max(50, config.railTimeoutMs / 5),
  ),
  pollRetryDelayMs: Math.min(
    DEFAULT_WITHDRAWAL_SETTINGS.pollRetryDelayMs,
    Math.max(50, config.railTimeoutMs / 2),
  ),
});

/** How long a worker holds the webhook events it claims before others may. */
export const webhookClaimLeaseMs = (config: AppConfig): number =>
  // The fast profile (tests, fault drills) hands a killed worker's deliveries out again within ~15 s.
  config.jobQueueProfile === 'fast' ? 15_000 : DEFAULT_WEBHOOK_CLAIM_LEASE_MS;

/** The product's use cases over the bound ports, with settings from configuration. */
export const buildUseCases = (ports: UseCasePorts, config: AppConfig): UseCases =>
  assembleUseCases(ports, {
    withdrawal: withdrawalSettingsFrom(config),
    webhooks: {
      retryScheduleMs: config.webhookRetryScheduleMs ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
      jitterRatio: 0.2,
      claimLeaseMs: webhookClaimLeaseMs(config),
    },
  });
