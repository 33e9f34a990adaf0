/**
 * The parts of PayPal's JSON this adapter reads (Payouts API v1, OAuth2 token endpoint). Every field is optional:
 * the bodies come from outside and are checked where they are read (`../http/json-fields.ts`).
 */
export interface PayPalTokenBody {
  readonly access_token?: unknown;
  readonly expires_in?: unknown;
  readonly error?: unknown;
}

export interface PayPalLink {
  readonly href?: unknown;
}

/** The error envelope of the REST APIs; a duplicate sender_batch_id links the original batch in a detail. */
export interface PayPalErrorBody {
  readonly name?: unknown;
  readonly details?: readonly {
    readonly field?: unknown;
    readonly issue?: unknown;
    readonly link?: unknown;
  }[];
  readonly links?: unknown;
}

export interface PayPalPayoutItem {
  readonly transaction_status?: unknown;
  readonly payout_item?: { readonly sender_item_id?: unknown };
  readonly errors?: { readonly name?: unknown };
}

/** The create-payout answer and the show-batch answer share this shape. */
export interface PayPalBatchBody {
  readonly batch_header?: {
    readonly payout_batch_id?: unknown;
    readonly batch_status?: unknown;
    readonly sender_batch_header?: { readonly sender_batch_id?: unknown };
  };
  readonly items?: unknown;
}
