import {
  LINK_KINDS,
  LINK_KINDS_REQUIRING_ACCESS_TOKEN,
  LINK_RESPONSE_STYLE,
  type LinkKind,
  type LinkResponseStyle,
  OPTION_TYPE,
} from '@payout/domain';
import { linkBodySchema, linkParamsSchema } from '../schemas/links.schemas.js';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { APP_TOKEN, CREATED_AT, IDS } from './examples.js';
import type { Operation } from './operation.js';
import { ref } from './publish.js';

const grace = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };

/** A body each link operation accepts (valid checksums, a future expiry). */
const LINK_EXAMPLES: Readonly<Record<LinkKind, { readonly label: string; readonly data: unknown }>> = {
  bank: {
    label: 'Payroll checking',
    data: {
      accountHolderName: 'Grace Hopper',
      routingNumber: '011000015',
      accountNumber: '4400123498',
      accountType: 'checking',
    },
  },
  international_bank: {
    label: 'UK account',
    data: {
      ...grace,
      recipientType: 'personal',
      accountNumber: 'GB82WEST12345698765432',
      swiftOrBic: 'NWBKGB2L',
      bankName: 'NatWest',
      recipientAddress: '10 Downing Street',
      recipientCity: 'London',
      recipientState: 'LND',
      recipientCountry: 'GB',
      recipientPostalCode: 'SW1A 2AA',
    },
  },
  card: {
    label: 'Debit card',
    data: { cardNumber: '4242424242424242', expMonth: 9, expYear: 2031, cardholderName: 'Grace Hopper' },
  },
  prepaid_card: { label: 'Prepaid card', data: { ...grace, recipientType: 'personal' } },
  zelle: { label: 'Zelle', data: { username: 'grace@example.com' } },
  paypal: {
    label: 'PayPal',
    data: { ...grace, username: 'grace@example.com', paypalDestinationType: 'EMAIL' },
  },
  venmo: { label: 'Venmo', data: { ...grace, username: '@grace-hopper' } },
};

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const completed = (data: JsonSchema): JsonSchema =>
  object({ data: object({ type: { const: 'completed' }, message: { type: 'string' }, data }) });

const LINKED_FIELDS = {
  id: uuid,
  currency: { const: 'USD' },
  optionType: { type: 'string' },
  counterPartyName: { type: 'string' },
  wallet: ref('LinkedWallet'),
};

/** The spec's three answers: endpoint 2 (id only), endpoint 3 (Zelle) and endpoint 4's card style. */
export const LINK_RESPONSE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  LinkedAccountId: object({
    success: { const: true },
    message: { type: 'string' },
    data: object({ id: uuid }),
  }),
  LinkedZelleAccount: completed(
    object({
      ...LINKED_FIELDS,
      optionType: { const: 'zelle' },
      entity: object({ id: uuid, entityType: { type: 'string' } }),
    }),
  ),
  LinkedAccount: completed(
    object({
      ...LINKED_FIELDS,
      createdAt: { type: 'string', format: 'date-time' },
      account: object({ label: { type: 'string' }, lastFourDigits: { type: 'string' } }),
      entity: object({
        id: uuid,
        entityType: { type: 'string' },
        email: { type: 'string' },
        externalIdentifier: { type: ['string', 'null'] },
      }),
      application: object({
        id: uuid,
        externalId: { type: ['string', 'null'] },
        token: { type: 'string' },
        businessId: uuid,
      }),
    }),
  ),
};

const MESSAGE = 'Account linked successfully';
/** What the answer shows of the example's account or card number. */
const LAST_FOUR: Partial<Record<LinkKind, string>> = { bank: '3498', card: '4242' };
const wallet = { id: IDS.wallet, balance: '1000.00', disabled: false };

function responseExample(kind: LinkKind, style: LinkResponseStyle): unknown {
  const id = IDS.linkedAccount;
  if (style === 'id-only') return { success: true, message: MESSAGE, data: { id } };
  const common = {
    id,
    currency: 'USD',
    optionType: OPTION_TYPE[kind],
    counterPartyName: 'Grace Hopper',
    wallet,
  };
  const completedAnswer = (data: unknown) => ({ data: { type: 'completed', message: MESSAGE, data } });
  if (style === 'zelle')
    return completedAnswer({
      ...common,
      counterPartyName: 'grace@example.com',
      entity: { id: IDS.entity, entityType: 'USER' },
    });
  return completedAnswer({
    ...common,
    createdAt: CREATED_AT,
    account: { label: LINK_EXAMPLES[kind].label, lastFourDigits: LAST_FOUR[kind] ?? '' },
    entity: {
      id: IDS.entity,
      entityType: 'USER',
      email: 'grace@example.com',
      externalIdentifier: 'user-1842',
    },
    application: {
      id: IDS.applicationToken,
      externalId: 'user-1842',
      token: APP_TOKEN,
      businessId: IDS.merchant,
    },
  });
}

const RESPONSE_SCHEMA: Readonly<Record<LinkResponseStyle, string>> = {
  'id-only': 'LinkedAccountId',
  zelle: 'LinkedZelleAccount',
  card: 'LinkedAccount',
};

const camel = (kind: string) => kind.replace(/_(.)/g, (_, c: string) => c.toUpperCase());
const { kind: _kind, ...LINK_PATH_PARAMS } = linkParamsSchema.properties as Record<string, JsonSchema>;

/** One operation per kind, so that each body and answer is tied to its kind. */
export const LINK_OPERATIONS: readonly Operation[] = LINK_KINDS.map((kind) => {
  const style = LINK_RESPONSE_STYLE[kind];
  const bearer = LINK_KINDS_REQUIRING_ACCESS_TOKEN.has(kind);
  return {
    operationId: `link${camel(`_${kind}`)}Account`,
    method: 'post',
    path: `/v1/ext/application-token/{token}/linked-accounts/{currency}/link/${kind}/{step}`,
    summary: `Link a ${kind.replace('_', ' ')} account with an application token`,
    description: bearer
      ? 'Requires a bearer access token (scope external.apis) besides the application token.'
      : 'A bearer access token is optional; when sent it must be valid.',
    tag: 'Linked accounts',
    security: bearer ? 'bearer' : 'optional',
    params: { type: 'object', properties: LINK_PATH_PARAMS, required: ['token', 'currency', 'step'] },
    paramExamples: { token: APP_TOKEN, currency: 'USD', step: '1' },
    body: { schema: linkBodySchema(kind), example: LINK_EXAMPLES[kind] },
    ok: {
      status: 200,
      description: 'Linked',
      schema: ref(RESPONSE_SCHEMA[style]),
      example: responseExample(kind, style),
    },
    errors: [400, 401, 404, 413, 415, 503],
  };
});
