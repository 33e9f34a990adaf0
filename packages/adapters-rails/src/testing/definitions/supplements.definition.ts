import { closedObject, integer, openObject, type ProviderDefinitionSource, string } from './json-schema.js';

/**
 * Increase's card vault, which its SDK does not cover: `POST /card_tokens` on vault.increase.com, written field by
 * field from Increase's guide (increase.com/documentation/creating-card-tokens: the card number, its expiry month
 * and year, and an optional card verification code).
 */
export const INCREASE_VAULT_DEFINITION: ProviderDefinitionSource = {
  source: 'Increase, "Creating card tokens" (increase.com/documentation/creating-card-tokens)',
  operations: {
    'POST /card_tokens': {
      request: closedObject(
        {
          primary_account_number: { type: 'string', pattern: '^\\d{12,19}$' },
          expiration_month: { type: 'integer', minimum: 1, maximum: 12 },
          expiration_year: integer,
          card_verification_code: string,
        },
        ['primary_account_number', 'expiration_month', 'expiration_year'],
      ),
    },
  },
};

/**
 * PayPal's webhook signature check, outside the Payouts SDK: `POST /v1/notifications/verify-webhook-signature`,
 * written field by field from PayPal's Webhooks API reference (its OpenAPI description, paypal/paypal-rest-api-
 * specifications, openapi/notifications_webhooks_v1.json: `verify_webhook_signature` and its response).
 */
export const PAYPAL_NOTIFICATIONS_DEFINITION: ProviderDefinitionSource = {
  source: 'PayPal Webhooks and OAuth API references (written field by field)',
  operations: {
    // The client-credentials grant (developer.paypal.com/api/rest/authentication), a form body.
    'POST /v1/oauth2/token': {
      form: true,
      request: closedObject({ grant_type: { const: 'client_credentials' } }, ['grant_type']),
      answers: {
        '200': openObject({ access_token: string, token_type: string, expires_in: integer }, [
          'access_token',
        ]),
      },
    },
    'POST /v1/notifications/verify-webhook-signature': {
      request: closedObject(
        {
          auth_algo: { type: 'string', maxLength: 100, pattern: '^[a-zA-Z0-9]+$' },
          cert_url: { type: 'string', maxLength: 500 },
          transmission_id: { type: 'string', maxLength: 50 },
          transmission_sig: { type: 'string', maxLength: 500 },
          transmission_time: { type: 'string', maxLength: 100 },
          webhook_id: { type: 'string', maxLength: 50, pattern: '^[a-zA-Z0-9]+$' },
          webhook_event: { type: 'object' },
        },
        [
          'auth_algo',
          'cert_url',
          'transmission_id',
          'transmission_sig',
          'transmission_time',
          'webhook_id',
          'webhook_event',
        ],
      ),
      answers: {
        '200': openObject({ verification_status: { enum: ['SUCCESS', 'FAILURE'] } }, ['verification_status']),
      },
    },
  },
};

/**
 * What PayPal's Transaction Search says of its query only in prose, which the SDK's types leave as plain strings and
 * numbers: `start_date` and `end_date` in Internet date and time format, seconds required (the SDK's documentation
 * of `startDate` and `endDate`, RFC 3339 section 5.6), and a page of at most 500 transactions (PayPal's Transaction
 * Search reference, developer.paypal.com/docs/api/transaction-search/v1). A search must pass both this and the SDK's.
 */
export const PAYPAL_TRANSACTION_SEARCH_DEFINITION: ProviderDefinitionSource = {
  source:
    "PayPal Transaction Search: the SDK's parameter documentation and PayPal's reference (written field by field)",
  operations: {
    'GET /v1/reporting/transactions': {
      query: {
        type: 'object',
        properties: {
          start_date: { type: 'string', format: 'date-time' },
          end_date: { type: 'string', format: 'date-time' },
          page_size: { type: 'integer', minimum: 1, maximum: 500 },
        },
      },
    },
  },
};
