import type { Clock } from '@payout/domain';
import { PayPalOAuthClient } from './paypal-oauth.client.js';
import { PayPalPayoutsRail } from './paypal-payouts.rail.js';
import { type FetchFunction, globalFetch } from './paypal-transport.js';

export interface PayPalRailsOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clock: Clock;
  readonly timeoutMs: number;
  readonly pollIntervalMs?: number;
  readonly returnWindowMs?: number;
  readonly fetch?: FetchFunction;
}

/** The PAYPAL and VENMO rails of one PayPal business account: one set of credentials, one cached token. */
export function createPayPalRails(options: PayPalRailsOptions): [PayPalPayoutsRail, PayPalPayoutsRail] {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetch = options.fetch ?? globalFetch;
  const oauth = new PayPalOAuthClient({ ...options, baseUrl, fetch });
  return [
    new PayPalPayoutsRail({ ...options, id: 'PAYPAL', oauth }),
    new PayPalPayoutsRail({ ...options, id: 'VENMO', oauth }),
  ];
}
