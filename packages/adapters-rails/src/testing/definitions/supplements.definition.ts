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
