import { JsonNumber, parseWithdrawalRequest, WITHDRAWAL_REQUEST_FIELDS } from '@payout/domain';
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchema } from '../app/validate.middleware.js';
import { withdrawalBodySchema } from './withdrawals.schemas.js';

const validateBody = compileSchema(withdrawalBodySchema);
const ACCOUNT = '7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11';

const fieldValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom('SPEND', 'spend', 'ACH', 'RTP', 'SWIFT', 'payout', ''),
  fc.constantFrom(0, -1, 1, 10.5, 1.001, 0.29, 1e9),
  fc.boolean(),
  fc.string({ maxLength: 4 }),
);
const body = fc.record(
  {
    amount: fieldValue,
    walletType: fieldValue,
    routingType: fieldValue,
    mfaCode: fieldValue,
    reason: fieldValue,
    transactionType: fieldValue,
  },
  { requiredKeys: [] },
);

/** The schema answers a body as the domain does: both accept it, or both refuse it with the same error. */
function expectSameAnswer(candidate: Record<string, unknown>): void {
  // The route hands the domain a JSON number's literal (bodyWithMoney); the schema sees the double.
  const exact =
    typeof candidate.amount === 'number'
      ? { ...candidate, amount: JsonNumber.of(String(candidate.amount)) }
      : candidate;
  const domain = parseWithdrawalRequest({ currency: 'USD', linkedAccountId: ACCOUNT, body: exact });
  const schema = validateBody(candidate);
  expect(schema === null, JSON.stringify(candidate)).to.equal(domain.ok);
  if (!domain.ok && schema) {
    expect(schema.code, JSON.stringify(candidate)).to.equal(domain.error.code);
    expect(schema.message).to.equal(domain.error.message);
  }
}

const defined = (raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));

describe('withdrawal body schema', () => {
  it('reports the same code and field as the domain for the same body (seeded property)', () => {
    fc.assert(
      fc.property(body, (raw) => expectSameAnswer(defined(raw))),
      { seed: 20260302, numRuns: 2000 },
    );
  });

  it('is generated to accept and refuse each field as the domain does, the others valid (seeded property)', () => {
    const bodyFields = Object.entries(WITHDRAWAL_REQUEST_FIELDS)
      .filter(([, field]) => field.in === 'body')
      .map(([name]) => name);
    const value = fc.oneof(fieldValue, fc.constantFrom('x'.repeat(255), 'x'.repeat(256), 'RTP', 'WIRE'));
    fc.assert(
      fc.property(fc.constantFrom(...bodyFields), value, (name, v) =>
        expectSameAnswer(defined({ amount: 5, walletType: 'SPEND', [name]: v })),
      ),
      { seed: 20260302, numRuns: 1000 },
    );
  });

  it('ignores unknown fields', () => {
    expect(validateBody({ amount: 5, walletType: 'SPEND', somethingElse: { deep: true } })).to.equal(null);
  });
});
