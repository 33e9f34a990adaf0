import {
  closedObject,
  type JsonSchema,
  openObject,
  type ProviderDefinitionSource,
  string,
} from './json-schema.js';

/**
 * What Wise's OpenAPI description (wise.generated.json, tools/provider-definitions) leaves out of the operations the
 * service calls: the body of an error answer, which it gives for recipients only, and rules it states in prose. Each
 * request rule here narrows the generated schema (both must pass); an answer here is checked for a status the
 * description gives no body of.
 */

/**
 * A `swift_code` recipient's `details`: the fields Wise's account requirements ask for that account type (the
 * reference's `details` is open, the fields depending on `type`: GET /v1/quotes/{quoteId}/account-requirements).
 */
const swiftCodeDetails = closedObject(
  {
    legalType: { enum: ['PRIVATE', 'BUSINESS'] },
    swiftCode: { type: 'string', pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$' },
    accountNumber: { type: 'string', minLength: 1 },
    email: string,
    address: closedObject(
      {
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        city: string,
        firstLine: string,
        postCode: string,
        state: string,
      },
      ['country', 'city', 'firstLine', 'postCode'],
    ),
  },
  ['legalType', 'swiftCode', 'accountNumber', 'address'],
);

/** Validation and other client errors: `{errors: [{code, message, path, arguments}]}`; a token error is `{error, …}`. */
const errors: JsonSchema = {
  anyOf: [
    openObject(
      {
        errors: {
          type: 'array',
          items: openObject({ code: string, message: string, path: string, arguments: { type: 'array' } }, [
            'code',
          ]),
        },
      },
      ['errors'],
    ),
    openObject({ error: string, error_description: string }, ['error']),
  ],
};

const withErrors = { answers: { default: errors } };

export const WISE_DEFINITION: ProviderDefinitionSource = {
  source:
    "Wise's OpenAPI description, its prose (quotes, recipients), and its errors guide docs.wise.com/guides/developer/errors",
  operations: {
    // A swift_code recipient's details as its account requirements ask for them; the description leaves `details`
    // open, its fields depending on the account type.
    'POST /v1/accounts': {
      request: {
        if: { properties: { type: { const: 'swift_code' } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, data for Ajv, never awaited.
        then: { properties: { details: swiftCodeDetails } },
      },
      ...withErrors,
    },
    // sourceAmount: "Either sourceAmount or targetAmount is required, never both."
    'POST /v3/profiles/{profileId}/quotes': {
      request: { oneOf: [{ required: ['sourceAmount'] }, { required: ['targetAmount'] }] },
      ...withErrors,
    },
    'POST /v1/transfer-requirements': withErrors,
    'POST /v1/transfers': withErrors,
    'GET /v1/transfers/{transferId}': withErrors,
    'GET /v1/transfers': withErrors,
    'POST /v3/profiles/{profileId}/transfers/{transferId}/payments': {
      // 403 with x-2fa-approval when the funding is SCA protected: its body is not defined.
      answers: { '403': {}, default: errors },
    },
  },
};
