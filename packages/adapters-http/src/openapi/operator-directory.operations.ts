import { entityParamsSchema, pageQuerySchema } from '../schemas/lists.schemas.js';
import * as operator from '../schemas/operator.schemas.js';
import { APP_TOKEN, CREATED_AT, ENTITY, IDS, MERCHANT, WALLET } from './examples.js';
import type { Operation } from './operation.js';
import { data, op, pageOf } from './operator-operation.js';
import { page, ref, success } from './publish.js';

const merchant = { merchantId: IDS.merchant };
const wallet = { walletId: IDS.wallet };
const { wallet: _wallet, ...entitySummary } = ENTITY;

/** The operator's directory: merchants and their settings, entities, linked accounts, wallets, tokens. */
export const OPERATOR_DIRECTORY_OPERATIONS: readonly Operation[] = [
  op('post', '/merchants', {
    operationId: 'createMerchant',
    summary: 'Create a merchant with its MERCHANT wallet',
    body: { schema: operator.createMerchantSchema, example: { name: 'Acme Payouts' } },
    status: 201,
    ok: {
      schema: success(ref('Merchant')),
      example: data({ ...MERCHANT, approvalThreshold: '10000.00', feeOverrides: {} }),
    },
  }),
  op('get', '/merchants', {
    operationId: 'listMerchants',
    summary: 'List merchants, newest first',
    query: pageQuerySchema,
    ok: {
      schema: page(ref('MerchantSummary')),
      example: pageOf({
        id: IDS.merchant,
        name: MERCHANT.name,
        payoutsEnabled: true,
        approvalThreshold: '500.00',
        walletId: IDS.merchantWallet,
        createdAt: CREATED_AT,
      }),
    },
  }),
  op('get', '/merchants/{merchantId}', {
    operationId: 'getMerchant',
    summary: 'Get a merchant with its settings, fee overrides and wallet',
    params: operator.merchantParamsSchema,
    paramExamples: merchant,
    ok: { schema: success(ref('Merchant')), example: data(MERCHANT) },
  }),
  op('patch', '/merchants/{merchantId}', {
    operationId: 'updateMerchant',
    summary: 'Update merchant settings and fee overrides',
    params: operator.merchantParamsSchema,
    paramExamples: merchant,
    body: {
      schema: operator.updateMerchantSchema,
      example: {
        approvalThreshold: '500.00',
        feeOverrides: {
          ACH: { type: 'FLAT', amount: '0.10' },
          PUSH_TO_CARD: { type: 'PERCENT', rate: '1.25', minimum: '0.40' },
          WIRE: null,
        },
      },
    },
    ok: { schema: success(ref('Merchant')), example: data(MERCHANT) },
  }),
  op('put', '/merchants/{merchantId}/webhook-endpoint', {
    operationId: 'setWebhookEndpoint',
    summary: 'Register the webhook endpoint, or rotate its secret',
    params: operator.merchantParamsSchema,
    paramExamples: merchant,
    body: {
      schema: operator.webhookEndpointSchema,
      example: { url: 'https://merchant.example.com/webhooks/payouts' },
    },
    ok: {
      schema: success(ref('WebhookEndpoint')),
      example: data({
        url: 'https://merchant.example.com/webhooks/payouts',
        secret: 'whsec_MfKQ9r8GKYqXuTAVHbbo0dQ7cZVn',
      }),
    },
  }),
  op('post', '/merchants/{merchantId}/entities', {
    operationId: 'createEntity',
    summary: 'Create an entity with its SPEND wallet',
    params: operator.merchantParamsSchema,
    paramExamples: merchant,
    body: {
      schema: operator.createEntitySchema,
      example: { entityType: 'USER', email: 'ada@example.com', externalIdentifier: 'user-1842' },
    },
    status: 201,
    ok: { schema: success(ref('Entity')), example: data(ENTITY) },
  }),
  op('get', '/merchants/{merchantId}/entities', {
    operationId: 'listEntities',
    summary: "List a merchant's entities, newest first",
    params: operator.merchantParamsSchema,
    paramExamples: merchant,
    query: pageQuerySchema,
    ok: {
      schema: page(ref('EntitySummary')),
      example: pageOf({ ...entitySummary, walletId: IDS.wallet }),
    },
  }),
  op('get', '/entities/{entityId}', {
    operationId: 'getEntity',
    summary: 'Get an entity: its merchant, type, email, external identifier and SPEND wallet id',
    params: entityParamsSchema,
    paramExamples: { entityId: IDS.entity },
    ok: { schema: success(ref('EntitySummary')), example: data({ ...entitySummary, walletId: IDS.wallet }) },
  }),
  op('get', '/entities/{entityId}/linked-accounts', {
    operationId: 'listLinkedAccounts',
    summary: "List an entity's linked accounts, masked, each with whether a return marked it unusable",
    params: entityParamsSchema,
    paramExamples: { entityId: IDS.entity },
    query: pageQuerySchema,
    ok: {
      schema: page(ref('OperatorLinkedAccount')),
      example: pageOf({
        id: IDS.linkedAccount,
        merchantId: IDS.merchant,
        entityId: IDS.entity,
        kind: 'bank',
        optionType: 'bank',
        currency: 'USD',
        label: 'Payroll checking',
        counterPartyName: 'Ada Lovelace',
        lastFourDigits: '3498',
        createdAt: CREATED_AT,
        unusable: null,
        correctedAt: null,
      }),
    },
  }),
  op('post', '/wallets/{walletId}/credits', {
    operationId: 'creditWallet',
    summary: 'Credit a wallet',
    params: operator.walletParamsSchema,
    paramExamples: wallet,
    body: { schema: operator.creditWalletSchema, example: { amount: '1000.00', reason: 'Initial funding' } },
    ok: { schema: success(ref('Wallet')), example: data({ ...WALLET, balance: '1000.00' }) },
  }),
  op('patch', '/wallets/{walletId}', {
    operationId: 'updateWallet',
    summary: 'Enable or disable a wallet',
    params: operator.walletParamsSchema,
    paramExamples: wallet,
    body: { schema: operator.updateWalletSchema, example: { disabled: true } },
    ok: { schema: success(ref('Wallet')), example: data({ ...WALLET, disabled: true }) },
  }),
  op('post', '/application-tokens', {
    operationId: 'issueApplicationToken',
    summary: 'Issue an application token (account link or payment link)',
    body: {
      schema: operator.issueApplicationTokenSchema,
      example: { purpose: 'ACCOUNT_LINK', entityId: IDS.entity, expiresInSeconds: 3600 },
    },
    status: 201,
    ok: {
      schema: success(ref('IssuedApplicationToken')),
      example: data({ token: APP_TOKEN, id: IDS.applicationToken, expiresAt: '2026-03-02T15:05:09.120Z' }),
    },
    errors: [400, 401, 404, 413, 415, 503],
  }),
];
