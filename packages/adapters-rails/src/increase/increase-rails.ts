import { IncreaseTransferRail, type IncreaseTransferRailOptions } from './increase-transfers.rail.js';

export type IncreaseRailsOptions = Omit<
  IncreaseTransferRailOptions,
  'id' | 'pollIntervalMs' | 'returnWindowMs' | 'returnPollIntervalMs'
>;

/** The ACH, RTP and WIRE rails of one Increase account, each with its own polling and return-window defaults. */
export function createIncreaseRails(
  options: IncreaseRailsOptions,
): [IncreaseTransferRail, IncreaseTransferRail, IncreaseTransferRail] {
  return [
    new IncreaseTransferRail({ ...options, id: 'ACH' }),
    new IncreaseTransferRail({ ...options, id: 'RTP' }),
    new IncreaseTransferRail({ ...options, id: 'WIRE' }),
  ];
}
