import {
  deliveriesQuerySchema,
  ledgerEntriesQuerySchema,
  pageQuerySchema,
  transactionsQuerySchema,
} from '../schemas/lists.schemas.js';
import { deliveryParamsSchema, walletParamsSchema } from '../schemas/operator.schemas.js';
import { transactionParamsSchema } from '../schemas/transactions.schemas.js';
import { withdrawalBodySchema, withdrawalParamsSchema } from '../schemas/withdrawals.schemas.js';
import {
  CREATED_AT,
  DELIVERY,
  IDS,
  RECEIPT,
  TRANSACTION,
  WALLET,
  WEBHOOK_BODY,
  WITHDRAWAL_REQUEST,
} from './examples.js';
import type { Operation } from './operation.js';
import { page, ref, success } from './publish.js';

const CURSOR = 'AZWzxH0eekKcO16PKh1MYA';
const pageOf = (item: unknown, more = false) => ({
  success: true,
  data: [item],
  hasMore: more,
  nextCursor: more ? CURSOR : null,
});
const withdrawal = { transactionId: IDS.withdrawal };
const wallet = { walletId: IDS.wallet };

/** A read of one withdrawal: spec endpoint 7 and the status lookup. */
const lookup = (
  operationId: string,
  suffix: string,
  summary: string,
  ok: Omit<Operation['ok'], 'status'>,
): Operation => ({
  operationId,
  method: 'get',
  path: `/v1/transactions/{transactionId}${suffix}`,
  summary,
  tag: 'Transactions',
  security: 'bearer',
  params: transactionParamsSchema,
  paramExamples: withdrawal,
  ok: { status: 200, ...ok },
  // 422: spec rule 2, a transaction type that has no webhook payload.
  errors: suffix ? [400, 401, 404, 422, 503] : [400, 401, 404, 503],
});

/** The API of merchants and their users (spec endpoints 1 and 7, docs/product.md §8 and the lists). */
export const CLIENT_OPERATIONS: readonly Operation[] = [
  {
    operationId: 'createWithdrawal',
    method: 'post',
    path: '/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal',
    summary: 'Withdraw to a linked account',
    description:
      'Debits amount + fees from the SPEND wallet and pays the linked account out on its rail. At most one ' +
      'request per minute per entity and client IP (429 with Retry-After). Do not send `mfaCode`: it is refused. ' +
      'An account a return marked unusable is refused with 409 LINKED_ACCOUNT_UNUSABLE, nothing debited, until ' +
      'an operator reinstates it.',
    tag: 'Withdrawals',
    security: 'bearer',
    params: withdrawalParamsSchema,
    paramExamples: { currency: 'USD', linkedAccountId: IDS.linkedAccount },
    body: { schema: withdrawalBodySchema, example: WITHDRAWAL_REQUEST },
    ok: {
      status: 200,
      description: 'Accepted, settled or held for approval',
      schema: ref('WithdrawalReceipt'),
      example: RECEIPT,
    },
    errors: [400, 401, 403, 404, 409, 413, 415, 429, 500, 503],
  },
  {
    operationId: 'listTransactions',
    method: 'get',
    path: '/v1/transactions',
    summary: "List withdrawals, newest first: a merchant's, or an entity's own",
    tag: 'Transactions',
    security: 'bearer',
    query: transactionsQuerySchema,
    ok: {
      status: 200,
      description: 'A page of withdrawals',
      schema: page(ref('TransactionListItem')),
      example: pageOf({ ...TRANSACTION, entityId: IDS.entity }, true),
    },
    errors: [400, 401, 503],
  },
  lookup('getTransaction', '', 'Get the status and history of a withdrawal', {
    description: 'The withdrawal',
    schema: success(ref('Transaction')),
    example: { success: true, data: TRANSACTION },
  }),
  lookup(
    'getWebhookPayload',
    '/webhook-payload',
    'Get the current webhook body of a withdrawal (merchant.apis)',
    {
      description: 'The body a webhook would carry now',
      schema: success(ref('WebhookBody')),
      example: { success: true, data: WEBHOOK_BODY },
    },
  ),
  {
    operationId: 'getWallet',
    method: 'get',
    path: '/v1/wallets/{walletId}',
    summary: 'Get a wallet: balance, currency, disabled, owner',
    tag: 'Wallets',
    security: 'bearer',
    params: walletParamsSchema,
    paramExamples: wallet,
    ok: {
      status: 200,
      description: 'The wallet',
      schema: success({
        allOf: [
          ref('Wallet'),
          {
            type: 'object',
            properties: { merchantId: { type: 'string', format: 'uuid' } },
            required: ['merchantId'],
          },
        ],
      }),
      example: { success: true, data: { ...WALLET, merchantId: IDS.merchant } },
    },
    errors: [400, 401, 404, 503],
  },
  {
    operationId: 'listLedgerEntries',
    method: 'get',
    path: '/v1/wallets/{walletId}/ledger-entries',
    summary: "List a wallet's postings, newest first, each with the balance after it; transactionId filters",
    tag: 'Wallets',
    security: 'bearer',
    params: walletParamsSchema,
    paramExamples: wallet,
    query: ledgerEntriesQuerySchema,
    ok: {
      status: 200,
      description: 'A page of postings',
      schema: page(ref('LedgerEntry')),
      example: pageOf({
        id: IDS.ledgerEntry,
        kind: 'WITHDRAWAL_DEBIT',
        transactionId: IDS.withdrawal,
        amount: '-25.25',
        balanceAfter: '974.75',
        createdAt: CREATED_AT,
      }),
    },
    errors: [400, 401, 404, 503],
  },
  {
    operationId: 'listEvents',
    method: 'get',
    path: '/v1/events',
    summary: "List the merchant's webhook events, oldest first, bodies as delivered (re-synchronisation)",
    tag: 'Webhooks',
    security: 'bearer',
    query: pageQuerySchema,
    ok: {
      status: 200,
      description: 'A page of events',
      schema: page(ref('Event')),
      example: pageOf({
        id: IDS.event,
        transactionId: IDS.withdrawal,
        linkedAccountId: null,
        sequence: 2,
        status: 'PROCESSING_PAY_OUT',
        createdAt: CREATED_AT,
        body: WEBHOOK_BODY,
      }),
    },
    errors: [400, 401, 503],
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/v1/webhook-deliveries',
    summary: "List the merchant's webhook deliveries, by outcome or transaction",
    tag: 'Webhooks',
    security: 'bearer',
    query: deliveriesQuerySchema,
    ok: {
      status: 200,
      description: 'A page of deliveries',
      schema: page(ref('Delivery')),
      example: pageOf(DELIVERY),
    },
    errors: [400, 401, 503],
  },
  {
    operationId: 'redeliverWebhook',
    method: 'post',
    path: '/v1/webhook-deliveries/{id}/redeliver',
    summary: 'Send a webhook event again',
    tag: 'Webhooks',
    security: 'bearer',
    params: deliveryParamsSchema,
    paramExamples: { id: IDS.event },
    ok: {
      status: 200,
      description: 'Queued for delivery',
      schema: success(ref('Redelivery')),
      example: { success: true, data: { eventId: IDS.event, deliveryState: 'PENDING' } },
    },
    errors: [400, 401, 404, 415, 503],
  },
];
