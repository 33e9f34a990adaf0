import { LINK_KINDS, type LinkKind, MESSAGES } from '@payout/domain';
import { EMAIL_PATTERN, fault, type JsonSchema, object, text } from './schema-fault.js';

export const linkParamsSchema: JsonSchema = object(
  {
    token: { type: 'string', minLength: 1, maxLength: 512 },
    currency: {
      type: 'string',
      const: 'USD',
      ...fault('currency', MESSAGES.UNSUPPORTED_CURRENCY, 'UNSUPPORTED_CURRENCY'),
    },
    kind: { type: 'string', enum: [...LINK_KINDS] },
    step: {
      type: 'string',
      const: '1',
      ...fault('step', MESSAGES.INVALID_STEP, 'INVALID_STEP'),
    },
  },
  ['token', 'currency', 'kind', 'step'],
);

const required = (name: string, message?: string) =>
  text(`data.${name}`, message ?? `data.${name} is required`);
const oneOf = (name: string, values: readonly string[]): JsonSchema => ({
  type: 'string',
  enum: values,
  ...fault(`data.${name}`, `data.${name} must be one of ${values.join(', ')}`),
});
const email: JsonSchema = {
  type: 'string',
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  ...fault('data.email', 'data.email must be an email address'),
};
const NAME_MESSAGE = 'data.firstName and data.lastName, or data.name, are required';
const personName = (extra: Readonly<Record<string, JsonSchema>>, requiredFields: string[]) => ({
  properties: {
    firstName: text('data.name', NAME_MESSAGE),
    lastName: text('data.name', NAME_MESSAGE),
    name: text('data.name', NAME_MESSAGE),
    ...extra,
  },
  required: requiredFields,
  // Wrapped so a failing anyOf reports the name's fault, not the enclosing object's.
  allOf: [
    {
      anyOf: [{ required: ['firstName', 'lastName'] }, { required: ['name'] }],
      ...fault('data.name', NAME_MESSAGE),
    },
  ],
});

const PERSONAL = 'data.firstName and data.lastName are required for a personal recipient';
const BUSINESS = 'data.name is required for a business recipient';

/** Body rules per link kind (spec endpoints 2–6, docs/product.md §4); checksums and expiry stay in the domain. */
const DATA: Readonly<Record<LinkKind, JsonSchema>> = {
  international_bank: {
    properties: {
      recipientType: oneOf('recipientType', ['personal', 'business']),
      firstName: text('data.firstName', PERSONAL),
      lastName: text('data.firstName', PERSONAL),
      name: text('data.name', BUSINESS),
      email,
      accountNumber: {
        type: 'string',
        pattern: '^[A-Z0-9 ]{4,40}$',
        ...fault(
          'data.accountNumber',
          'data.accountNumber must be an IBAN or account number of 4 to 34 characters',
        ),
      },
      swiftOrBic: {
        type: 'string',
        pattern: '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$',
        ...fault('data.swiftOrBic', 'data.swiftOrBic must be an 8 or 11 character BIC'),
      },
      bankName: required('bankName'),
      recipientAddress: required('recipientAddress'),
      recipientCity: required('recipientCity'),
      recipientState: required('recipientState'),
      recipientCountry: {
        type: 'string',
        pattern: '^[A-Z]{2}$',
        ...fault('data.recipientCountry', 'data.recipientCountry must be an ISO 3166-1 alpha-2 code'),
      },
      recipientPostalCode: required('recipientPostalCode'),
      nickName: { type: 'string', maxLength: 200 },
    },
    required: [
      'recipientType',
      'email',
      'accountNumber',
      'swiftOrBic',
      'bankName',
      'recipientAddress',
      'recipientCity',
      'recipientState',
      'recipientCountry',
      'recipientPostalCode',
    ],
    allOf: [
      {
        if: { properties: { recipientType: { const: 'business' } }, required: ['recipientType'] },
        // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's keyword, not a thenable.
        then: { required: ['name'], properties: { name: text('data.name', BUSINESS) } },
        else: {
          required: ['firstName', 'lastName'],
          properties: {
            firstName: text('data.firstName', PERSONAL),
            lastName: text('data.firstName', PERSONAL),
          },
        },
      },
    ],
  },
  zelle: { properties: { username: required('username') }, required: ['username'] },
  paypal: personName(
    {
      email,
      username: required('username'),
      paypalDestinationType: oneOf('paypalDestinationType', ['EMAIL', 'PHONE', 'PAYPAL_ID']),
      recipientType: {
        type: 'string',
        maxLength: 200,
        ...fault('data.recipientType', 'data.recipientType must be a string of at most 200 characters'),
      },
    },
    ['email', 'username'],
  ),
  venmo: personName({ email, username: required('username') }, ['email', 'username']),
  prepaid_card: personName({ email, recipientType: oneOf('recipientType', ['personal', 'business']) }, [
    'email',
  ]),
  bank: {
    properties: {
      accountHolderName: required('accountHolderName'),
      routingNumber: {
        type: 'string',
        pattern: '^\\d{9}$',
        ...fault('data.routingNumber', 'data.routingNumber must be a valid 9-digit ABA routing number'),
      },
      accountNumber: {
        type: 'string',
        pattern: '^\\d{4,17}$',
        ...fault('data.accountNumber', 'data.accountNumber must be 4 to 17 digits'),
      },
      accountType: oneOf('accountType', ['checking', 'savings']),
    },
    required: ['accountHolderName', 'routingNumber', 'accountNumber', 'accountType'],
  },
  card: {
    properties: {
      cardNumber: {
        type: 'string',
        pattern: '^\\d{13,19}$',
        ...fault('data.cardNumber', 'data.cardNumber must be 13 to 19 digits with a valid check digit'),
      },
      expMonth: {
        type: ['integer', 'string'],
        maxLength: 10,
        ...fault('data.expMonth', 'data.expMonth must be 1 to 12'),
      },
      expYear: {
        type: ['integer', 'string'],
        maxLength: 10,
        ...fault('data.expYear', 'data.expYear must be a four-digit year'),
      },
      cardholderName: required('cardholderName'),
    },
    required: ['cardNumber', 'expMonth', 'expYear', 'cardholderName'],
  },
};

export const linkBodySchema = (kind: LinkKind): JsonSchema =>
  object(
    {
      label: text('label', 'label is required'),
      data: { type: 'object', ...DATA[kind], ...fault('data', 'data must be an object') },
    },
    ['label', 'data'],
  );
