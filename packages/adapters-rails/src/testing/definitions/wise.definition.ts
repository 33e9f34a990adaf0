import {
  boolean,
  closedObject,
  integer,
  type JsonSchema,
  nullable,
  number,
  openObject,
  type ProviderDefinitionSource,
  string,
  uuid,
} from './json-schema.js';

/**
 * Wise Platform's send-money endpoints, written field by field from Wise's API reference (docs.wise.com/api-reference:
 * recipient `recipientCreate`, quote `quoteCreate`, transfer `transferRequirementsValidate`, `transferCreate`,
 * `transferGet`, `transferList`, `transferFund`; errors from docs.wise.com/guides/developer/errors), the OpenAPI description whose
 * servers are https://api.wise.com and https://api.wise-sandbox.com. Wise ships no SDK or schema package. A
 * request names only the fields the reference defines; an answer may carry more. The account requirements are
 * generated from that description instead (wise.generated.json, tools/provider-definitions), and these operations
 * can follow them there.
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

const recipientCreate = closedObject(
  {
    accountHolderName: { type: 'string', minLength: 1 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    details: swiftCodeDetails,
    ownedByCustomer: boolean,
    profile: integer,
    type: { const: 'swift_code' },
  },
  ['accountHolderName', 'currency', 'details', 'type'],
);

/** "Either sourceAmount or targetAmount is required, never both." */
const quoteCreate: JsonSchema = {
  ...closedObject(
    {
      sourceCurrency: string,
      targetCurrency: string,
      sourceAmount: nullable('number'),
      targetAmount: nullable('number'),
      targetAccount: integer,
      payOut: nullable('string'),
      preferredPayIn: nullable('string'),
      paymentMetadata: closedObject({ transferNature: string }),
      pricingConfiguration: closedObject({
        fee: closedObject({ type: string, variable: number, fixed: number }),
      }),
    },
    ['sourceCurrency', 'targetCurrency'],
  ),
  oneOf: [{ required: ['sourceAmount'] }, { required: ['targetAmount'] }],
};

/** The transfer's `details`: its reference and the conditionally required fields transfer requirements ask for. */
const transferDetails = closedObject({
  reference: string,
  transferPurpose: string,
  transferPurposeSubTransferPurpose: string,
  transferPurposeInvoiceNumber: string,
  sourceOfFunds: string,
});

const requirementsRequest = closedObject(
  {
    targetAccount: integer,
    quoteUuid: uuid,
    customerTransactionId: uuid,
    details: closedObject({
      reference: string,
      sourceOfFunds: string,
      sourceOfFundsOther: string,
      transferNature: string,
      transferPurpose: string,
      transferPurposeInvoiceNumber: string,
      transferPurposeSubTransferPurpose: string,
    }),
    originatorLegalEntityType: { enum: ['PRIVATE', 'BUSINESS'] },
  },
  ['targetAccount', 'quoteUuid'],
);

const transferCreate = closedObject(
  {
    sourceAccount: integer,
    targetAccount: integer,
    quoteUuid: uuid,
    customerTransactionId: uuid,
    details: transferDetails,
  },
  ['targetAccount', 'quoteUuid', 'customerTransactionId'],
);

/** The standard transfer resource. */
const transfer = openObject(
  {
    id: integer,
    user: integer,
    targetAccount: integer,
    sourceAccount: nullable('integer'),
    quote: nullable('integer'),
    quoteUuid: uuid,
    status: string,
    reference: string,
    rate: number,
    created: string,
    business: nullable('integer'),
    transferRequest: nullable('integer'),
    details: openObject({ reference: string }),
    hasActiveIssues: boolean,
    sourceCurrency: string,
    sourceValue: number,
    targetCurrency: string,
    targetValue: number,
    customerTransactionId: uuid,
  },
  ['id', 'status'],
);

const requirementField = openObject(
  {
    key: string,
    name: string,
    type: string,
    required: boolean,
    refreshRequirementsOnChange: boolean,
    valuesAllowed: { type: ['array', 'null'], items: openObject({ key: string, name: string }) },
  },
  ['key', 'required'],
);

const requirements: JsonSchema = {
  type: 'array',
  items: openObject({
    type: string,
    fields: {
      type: 'array',
      items: openObject({ name: string, group: { type: 'array', items: requirementField } }),
    },
  }),
};

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

export const WISE_DEFINITION: ProviderDefinitionSource = {
  source: 'Wise Platform API reference, docs.wise.com/api-reference (written field by field)',
  operations: {
    'POST /v1/accounts': {
      request: recipientCreate,
      answers: {
        '200': openObject(
          { id: integer, profile: integer, accountHolderName: string, currency: string, type: string },
          ['id'],
        ),
        default: errors,
      },
    },
    'POST /v3/profiles/{profileId}/quotes': {
      request: quoteCreate,
      answers: {
        '200': openObject(
          {
            id: uuid,
            sourceCurrency: string,
            targetCurrency: string,
            sourceAmount: nullable('number'),
            targetAmount: nullable('number'),
            payOut: string,
            rate: number,
            status: string,
            expirationTime: string,
            profile: integer,
          },
          ['id'],
        ),
        default: errors,
      },
    },
    'POST /v1/transfer-requirements': {
      request: requirementsRequest,
      answers: { '200': requirements, default: errors },
    },
    'POST /v1/transfers': { request: transferCreate, answers: { '200': transfer, default: errors } },
    'GET /v1/transfers/{transferId}': { answers: { '200': transfer, default: errors } },
    // `transferList`: a profile's transfers, filtered by status (comma-separated), currencies and creation dates
    // (inclusive), `limit` to a page from `offset`.
    'GET /v1/transfers': {
      query: closedObject({
        profile: integer,
        status: string,
        sourceCurrency: string,
        targetCurrency: string,
        createdDateStart: string,
        createdDateEnd: string,
        limit: integer,
        offset: integer,
      }),
      answers: { '200': { type: 'array', items: transfer }, default: errors },
    },
    'POST /v3/profiles/{profileId}/transfers/{transferId}/payments': {
      request: closedObject({ type: string, partnerReference: string }, ['type']),
      answers: {
        '200': openObject(
          { type: string, status: { enum: ['COMPLETED', 'REJECTED'] }, errorCode: nullable('string') },
          ['status'],
        ),
        // 403 with x-2fa-approval when the funding is SCA protected: its body is not defined.
        '403': {},
        default: errors,
      },
    },
  },
};
