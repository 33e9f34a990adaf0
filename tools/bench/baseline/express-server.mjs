// Baseline 2: Express 5 answering a webhook-payload-sized JSON body with no authentication, no database and no
// logging: the ceiling any Express route on this machine can reach under the same load tool.
import express from 'express';

const body = {
  success: true,
  data: {
    eventType: 'WITHDRAWAL',
    status: 'SUCCESS',
    payload: {
      description: 'Payment sent',
      method: 'BANK_TRANSFER',
      transactionId: '324da4de-590d-45c6-848a-55ad145c4e95',
      walletId: '9413671c-d6e5-4528-95a0-73c52da1cb24',
      entityId: 'ff317501-5cc0-49f5-922b-2eee083b467e',
      entityType: 'USER',
      summary: 'Withdrawal of 25.00 USD via ACH',
      entry: 'DEBIT',
      amount: 25,
      currency: 'USD',
      timestamp: 0,
      feeCharged: '0.25',
      reason: '',
      sequence: 3,
      previousStatus: 'PROCESSING_PAY_OUT',
    },
  },
};

const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.get('/v1/transactions/:transactionId/webhook-payload', (req, res) => {
  res.json({
    ...body,
    data: {
      ...body.data,
      payload: { ...body.data.payload, transactionId: req.params.transactionId, timestamp: Date.now() },
    },
  });
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
