/** Ids and times the examples share, so that one example's ids lead to another's. */
export const IDS = {
  merchant: '0195b3c4-6a10-7c21-8e4f-1a2b3c4d5e01',
  merchantWallet: '0195b3c4-6a10-7c21-8e4f-1a2b3c4d5e02',
  entity: '0195b3c4-6b20-7d32-9f50-2b3c4d5e6f03',
  wallet: '0195b3c4-6b20-7d32-9f50-2b3c4d5e6f04',
  linkedAccount: '0195b3c4-6c30-7e43-a061-3c4d5e6f7a05',
  withdrawal: '0195b3c4-7d1e-7a42-9c3b-5e8f2a1d4c60',
  event: '0195b3c4-7d1e-7a42-9c3b-5e8f2a1d4c61',
  ledgerEntry: '0195b3c4-7d1e-7a42-9c3b-5e8f2a1d4c62',
  credit: '0195b3c4-6b20-7d32-9f50-2b3c4d5e6f07',
  applicationToken: '0195b3c4-6c30-7e43-a061-3c4d5e6f7a08',
  audit: '0195b3c4-7e2f-7b53-ad4c-6f9a3b2e5d70',
} as const;

export const CREATED_AT = '2026-03-02T14:05:09.120Z';
const UPDATED_AT = '2026-03-02T14:05:09.480Z';
export const APP_TOKEN = 'apptok_3fK9wQ2mZxR7uT1vB8nL5cD0';

const history = [
  {
    sequence: 1,
    status: 'PENDING',
    previousStatus: null,
    reason: null,
    decisionReason: null,
    at: CREATED_AT,
  },
  {
    sequence: 2,
    status: 'PROCESSING_PAY_OUT',
    previousStatus: 'PENDING',
    reason: null,
    decisionReason: null,
    at: UPDATED_AT,
  },
];

export const TRANSACTION = {
  id: IDS.withdrawal,
  status: 'PROCESSING_PAY_OUT',
  flow: 'PAYOUT',
  amount: '25.00',
  fees: '0.25',
  total: '25.25',
  currency: 'USD',
  rail: 'ACH',
  linkedAccountId: IDS.linkedAccount,
  reason: 'Weekly payout',
  failureReason: null,
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  history,
};

export const WEBHOOK_BODY = {
  eventType: 'WITHDRAWAL',
  status: 'PROCESSING_PAY_OUT',
  payload: {
    description: 'Payment accepted by the network, awaiting settlement',
    method: 'BANK_TRANSFER',
    transactionId: IDS.withdrawal,
    walletId: IDS.wallet,
    entityId: IDS.entity,
    entityType: 'USER',
    summary: 'Withdrawal of 25.00 USD via ACH',
    entry: 'DEBIT',
    amount: 25,
    currency: 'USD',
    timestamp: 1772460309480,
    feeCharged: '0.25',
    reason: 'Weekly payout',
    sequence: 2,
    previousStatus: 'PENDING',
  },
};

export const WALLET = {
  id: IDS.wallet,
  walletType: 'SPEND',
  ownerId: IDS.entity,
  balance: '974.75',
  disabled: false,
  currency: 'USD',
};

export const MERCHANT = {
  id: IDS.merchant,
  name: 'Acme Payouts',
  payoutsEnabled: true,
  approvalThreshold: '500.00',
  feeOverrides: {
    ACH: { type: 'FLAT', amount: '0.10' },
    PUSH_TO_CARD: { type: 'PERCENT', rate: '1.25', minimum: '0.40' },
  },
  createdAt: CREATED_AT,
  wallet: { id: IDS.merchantWallet, walletType: 'MERCHANT', balance: '0.00', disabled: false },
};

export const ENTITY = {
  id: IDS.entity,
  merchantId: IDS.merchant,
  entityType: 'USER',
  email: 'ada@example.com',
  externalIdentifier: 'user-1842',
  createdAt: CREATED_AT,
  wallet: { ...WALLET, balance: '0.00' },
};

export const DELIVERY = {
  eventId: IDS.event,
  transactionId: IDS.withdrawal,
  linkedAccountId: null,
  sequence: 2,
  status: 'PROCESSING_PAY_OUT',
  deliveryState: 'FAILED',
  nextAttemptAt: null,
  deliveredAt: null,
  attempts: [
    { attempt: 1, statusCode: 502, succeeded: false },
    { attempt: 2, statusCode: null, succeeded: false },
  ],
};

export const RECEIPT = {
  success: true,
  message: 'Withdrawal is being processed',
  data: { id: IDS.withdrawal, status: 'PENDING', fees: '0.25', amount: '25.25' },
};

/** A withdrawal request the API accepts: no `mfaCode` (the service refuses one). */
export const WITHDRAWAL_REQUEST = { amount: 25, walletType: 'SPEND', reason: 'Weekly payout' };
