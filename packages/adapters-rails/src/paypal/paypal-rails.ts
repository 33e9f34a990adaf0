import { PayPalOAuthClient } from './paypal-oauth.client.js';
import { PayPalPayoutsRail, type PayPalPayoutsRailOptions } from './paypal-payouts.rail.js';

export type PayPalRailsOptions = Omit<PayPalPayoutsRailOptions, 'id' | 'oauth'>;

/** The PAYPAL and VENMO rails of one PayPal business account: one set of credentials, one cached token. */
export function createPayPalRails(options: PayPalRailsOptions): [PayPalPayoutsRail, PayPalPayoutsRail] {
  const oauth = new PayPalOAuthClient(options);
  return [
    new PayPalPayoutsRail({ ...options, id: 'PAYPAL', oauth }),
    new PayPalPayoutsRail({ ...options, id: 'VENMO', oauth }),
  ];
}
