import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { expect } from 'chai';
import { transactionSearch } from './transaction-search.mjs';

// The SDK's own modules, as its client loads them (not its public exports, which leave the schemas out).
const requireSdk = createRequire(createRequire(import.meta.url).resolve('@paypal/paypal-server-sdk'));
const { validateAndMap } = requireSdk('@apimatic/schema');
const { searchResponseSchema } = requireSdk('./models/searchResponse.js');

const money = (value) => ({ currency_code: 'USD', value });
const transaction = (info = {}) => ({
  transaction_info: {
    transaction_id: '5TY05013RG002845M',
    transaction_event_code: 'T0001',
    transaction_initiation_date: '2026-01-15T10:00:00Z',
    transaction_amount: money('-12.30'),
    fee_amount: money('-0.25'),
    transaction_status: 'S',
    custom_field: 'wd-1',
    ...info,
  },
  payer_info: { payer_name: { given_name: 'Ada' } },
  cart_info: { item_details: [{ item_name: 'payout', tax_amounts: [{ tax_amount: money('0.00') }] }] },
});
const page = (fields = {}) => ({
  transaction_details: [transaction()],
  account_number: 'FAKEACCOUNT01',
  page: 1,
  total_items: 1,
  total_pages: 1,
  links: [{ href: 'https://api-m.paypal.com/v1/reporting/transactions?page=1', rel: 'self', method: 'GET' }],
  ...fields,
});

describe("PayPal's Transaction Search from @paypal/paypal-server-sdk", function () {
  this.timeout(20_000);
  const search = transactionSearch();
  const answer = new Ajv({ strict: false }).compile({ ...search.answer, definitions: search.definitions });
  const sdkAccepts = (body) => validateAndMap(body, searchResponseSchema).errors === false;

  it('is the operation the controller sends, its dates required and its other parameters not', () => {
    expect(search.operation).to.equal('GET /v1/reporting/transactions');
    const required = search.parameters.filter((p) => p.required).map((p) => p.name);
    expect(required).to.deep.equal(['start_date', 'end_date']);
    expect(search.parameters.map((p) => p.name)).to.include.members(['transaction_id', 'page_size', 'page']);
  });

  it("accepts and refuses the answers the SDK's own validator does", () => {
    const { transaction_amount: _, ...withoutAmount } = transaction().transaction_info;
    const cases = {
      'a whole page': page(),
      'a page without transactions': page({ transaction_details: undefined, total_items: 0, total_pages: 0 }),
      'a transaction without its amount': page({
        transaction_details: [{ transaction_info: withoutAmount }],
      }),
      'a field the SDK does not name': page({ next_page_token: 'x' }),
      'an amount without its currency': page({
        transaction_details: [transaction({ fee_amount: { value: '1' } })],
      }),
      'a page count that is not a number': page({ total_pages: true }),
      'transactions that are not a list': page({ transaction_details: transaction() }),
      'a link without its rel': page({ links: [{ href: 'https://api-m.paypal.com' }] }),
      'an item without the list of its taxes': page({
        transaction_details: [{ cart_info: { item_details: [{ tax_amounts: money('1.00') }] } }],
      }),
    };
    const verdicts = (accepts) =>
      Object.fromEntries(
        Object.entries(cases).map(([name, body]) => [name, accepts(JSON.parse(JSON.stringify(body)))]),
      );
    const sdk = verdicts(sdkAccepts);
    expect(verdicts(answer)).to.deep.equal(sdk);
    expect(Object.values(sdk), 'some are refused').to.include(false);
  });

  it('types a number as a number, where the SDK also reads one written as text', () => {
    expect(sdkAccepts(page({ total_pages: '2' }))).to.equal(true);
    expect(answer(page({ total_pages: '2' }))).to.equal(false);
  });
});
