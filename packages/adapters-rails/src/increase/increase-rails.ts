import { IncreaseTransferRail, type IncreaseTransferRailOptions } from './increase-transfers.rail.js';

export type IncreaseRailsOptions = Omit<
  IncreaseTransferRailOptions,
  'id' | 'pollIntervalMs' | 'returnWindowMs' | 'returnPollIntervalMs'
>;

/**
 * The ACH, RTP and WIRE rails of one Increase account, and PUSH_TO_CARD when a card sender is configured, each
 * with its own polling and return-window defaults.
 */
export function createIncreaseRails(options: IncreaseRailsOptions): IncreaseTransferRail[] {
  return [
    new IncreaseTransferRail({ ...options, id: 'ACH' }),
    new IncreaseTransferRail({ ...options, id: 'RTP' }),
    new IncreaseTransferRail({ ...options, id: 'WIRE' }),
    ...(options.cardSender ? [new IncreaseTransferRail({ ...options, id: 'PUSH_TO_CARD' })] : []),
  ];
}
