import { expect } from 'chai';
import { realTimePaymentsTransfer } from '../objects/increase-transfers.objects.js';
import { paymentOrder, returnObject } from '../objects/modern-treasury.objects.js';
import { checkedFetch, standsInFor } from './checked-fetch.js';
import { ProviderOracle, takeDefinitionViolations } from './provider-oracle.js';

const json = (body: object) => JSON.stringify(body);
const WITHDRAWAL_ID = '0b6f8d5e-4c1a-4f7e-9d3b-2a5c6e7f8a90';
const QUOTE_ID = '11144c35-9fe8-4c32-b7fd-d05c2a7734b1';

describe("ProviderOracle: the providers' definitions as the stand-ins check them", () => {
  it('answers a Wise transfer with a renamed field as Wise refuses one, and records it', () => {
    const wise = new ProviderOracle('wise');
    const valid = { targetAccount: 40000001, quoteUuid: QUOTE_ID, customerTransactionId: WITHDRAWAL_ID };
    expect(wise.receive('POST', '/v1/transfers', json(valid))).to.equal(null);
    const { quoteUuid: _, ...renamed } = { ...valid, quoteId: QUOTE_ID };
    expect(wise.receive('POST', '/v1/transfers', json(renamed))).to.deep.equal({
      status: 400,
      body: {
        errors: [
          { code: 'NotNull', message: 'must not be null', path: 'quoteUuid', arguments: ['quoteUuid'] },
          { code: 'ERROR', message: 'quoteId is not a parameter', path: 'quoteId', arguments: ['quoteId'] },
        ],
      },
    });
    expect(wise.takeViolations()).to.have.length(1);
    expect(
      wise.receive('POST', '/v1/transfers', json({ ...valid, customerTransactionId: 'wd-1' })),
      'a UUID',
    ).not.to.equal(null);
    wise.takeViolations();
  });

  it('refuses a PayPal payout item with a misspelt field as PayPal does, with a JSON pointer', () => {
    const paypal = new ProviderOracle('paypal');
    const item = { recipient_type: 'EMAIL', amount: { value: '1.00', currency: 'USD' }, receiver: 'a@b.c' };
    const body = (first: object) =>
      json({ sender_batch_header: { sender_batch_id: 'wd-1' }, items: [first] });
    expect(paypal.receive('POST', '/v1/payments/payouts', body(item))).to.equal(null);
    const refused = paypal.receive('POST', '/v1/payments/payouts', body({ ...item, reciever: 'a@b.c' }));
    expect(refused?.status).to.equal(400);
    expect(refused?.body).to.deep.include({ name: 'INVALID_REQUEST' });
    expect((refused!.body as { details: object[] }).details).to.deep.equal([
      {
        field: '/items/0/reciever',
        location: 'body',
        issue: 'INVALID_PARAMETER_SYNTAX',
        description: 'items.0.reciever is not a parameter',
      },
    ]);
    paypal.takeViolations();
  });

  it("holds a PayPal search to the SDK's parameters and to what PayPal says of them only in prose", () => {
    const paypal = new ProviderOracle('paypal');
    const search = (query: string) => paypal.receive('GET', '/v1/reporting/transactions', '', `?${query}`);
    const fields = (query: string) =>
      ((search(query)?.body as { details?: { field: string }[] } | undefined)?.details ?? []).map(
        (d) => d.field,
      );
    const day = 'start_date=2026-01-15T00:00:00Z&end_date=2026-01-15T23:59:59Z';
    expect(search(`${day}&page_size=500&fields=transaction_info`)).to.equal(null);
    expect(
      fields('start_date=2026-01-15&end_date=2026-01-15T23:59:59Z'),
      'a date without its time',
    ).to.deep.equal(['/start_date']);
    expect(
      fields('start_date=2026-01-15T00:00Z&end_date=2026-01-15T23:59:59Z'),
      'a time without seconds',
    ).to.deep.equal(['/start_date']);
    expect(fields(`${day}&page_size=501`), 'a page past 500').to.deep.equal(['/page_size']);
    expect(fields(`${day}&page_sise=5`), 'a name the SDK does not send').to.deep.equal(['/page_sise']);
    paypal.takeViolations();
  });

  it("refuses an Increase RTP body of the SDK's old names (remittance_information) with invalid_parameters_error", () => {
    const increase = new ProviderOracle('increase');
    const old = {
      source_account_number_id: 'account_number_v18nkfqm6afpsrvy82b2',
      amount: 100,
      creditor_name: 'Ada Lovelace',
      remittance_information: 'Payout',
      destination_account_number: '987654321',
      destination_routing_number: '101050001',
    };
    const refused = increase.receive('POST', '/real_time_payments_transfers', json(old));
    expect(refused?.status).to.equal(400);
    expect(refused?.body).to.deep.include({ type: 'invalid_parameters_error' });
    expect((refused!.body as { errors: { field: string }[] }).errors.map((e) => e.field)).to.have.members([
      'unstructured_remittance_information',
      'remittance_information',
      'destination_account_number',
      'destination_routing_number',
    ]);
    expect(increase.receive('POST', '/ach_transfers', '{'), 'not JSON').to.deep.include({ status: 400 });
    increase.takeViolations();
  });

  it('answers a Modern Treasury order without its direction with a 422 parameter_missing', () => {
    const mt = new ProviderOracle('modern_treasury');
    const order = { type: 'ach', amount: 100, originating_account_id: 'oa_1' };
    expect(mt.receive('POST', '/api/payment_orders', json(order))).to.deep.equal({
      status: 422,
      body: {
        errors: { code: 'parameter_missing', message: 'direction is required', parameter: 'direction' },
      },
    });
    mt.takeViolations();
  });

  it('holds a Wise request to its OpenAPI description and to what the description says only in prose', () => {
    const wise = new ProviderOracle('wise');
    const quote = { sourceCurrency: 'USD', targetCurrency: 'EUR', sourceAmount: 25, payOut: 'BANK_TRANSFER' };
    expect(wise.receive('POST', '/v3/profiles/1/quotes', json(quote))).to.equal(null);
    expect(
      wise.receive('POST', '/v3/profiles/1/quotes', json({ ...quote, targetAmount: 23 })),
      'a source and a target amount: "never both"',
    ).not.to.equal(null);
    const day = (start: string) =>
      `profile=1&createdDateStart=${start}&createdDateEnd=2026-12-01T23:59:59.999Z`;
    expect(wise.receive('GET', '/v1/transfers', '', day('2026-12-01T00:00:00.000Z'))).to.equal(null);
    expect(
      wise.receive('GET', '/v1/transfers', '', day('2026-12-01')),
      'a date where the description types a date-time',
    ).not.to.equal(null);
    expect(wise.takeViolations()).to.have.length(2);
  });

  it('records a body sent to an endpoint the definition does not have, and an answer of another shape', () => {
    const wise = new ProviderOracle('wise');
    expect(wise.receive('POST', '/v2/transfers', json({}))).not.to.equal(null);
    wise.answered('POST', '/v3/profiles/1/transfers/2/payments', 200, { status: 'DONE' });
    expect(wise.takeViolations()).to.deep.equal([
      'wise POST /v2/transfers request: POST /v2/transfers is not an operation of the definition',
      'wise POST /v3/profiles/1/transfers/2/payments answer 200: status must be equal to one of the allowed values',
    ]);
  });

  it('checks a list’s query string as the SDK writes it, and refuses a parameter the definition does not name', () => {
    const increase = new ProviderOracle('increase');
    const day = 'created_at.on_or_after=2026-01-15T00:00:00.000Z&created_at.before=2026-01-16T00:00:00.000Z';
    expect(
      increase.receive('GET', '/ach_transfers', '', `?${day}&limit=100&status.in=submitted,returned`),
    ).to.equal(null);
    const refused = increase.receive('GET', '/ach_transfers', '', '?created_at.since=2026-01-15&limit=many');
    expect(refused?.body).to.deep.include({ type: 'invalid_parameters_error' });
    expect((refused!.body as { errors: { field: string }[] }).errors.map((e) => e.field)).to.have.members([
      'created_at.since',
      'limit',
    ]);
    expect(
      increase.receive('GET', '/ach_transfers', '', '?status.in=submitted,sent'),
      'a status the SDK does not list',
    ).not.to.equal(null);
    increase.takeViolations();

    const mt = new ProviderOracle('modern_treasury');
    expect(
      mt.receive(
        'GET',
        '/api/payment_orders',
        '',
        '?created_at_start=2026-01-15&metadata%5Bwithdrawal_id%5D=wd-1',
      ),
    ).to.equal(null);
    expect(mt.receive('GET', '/api/payment_orders', '', '?created_after=2026-01-15')).to.deep.include({
      status: 422,
    });
    mt.takeViolations();

    const paypal = new ProviderOracle('paypal');
    const refusal = paypal.receive(
      'GET',
      '/v1/reporting/transactions',
      '',
      '?start_date=2026-01-15T00:00:00Z',
    );
    expect((refusal!.body as { details: object[] }).details).to.deep.equal([
      {
        field: '/end_date',
        location: 'query',
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'end_date is required',
      },
    ]);
    paypal.takeViolations();
  });

  it("records an Increase answer with a renamed field, as a nock script's answer reaches the rail", async () => {
    standsInFor('https://answers.increase.test', 'increase');
    const answering = (body: object) =>
      checkedFetch(async () => new Response(JSON.stringify(body), { status: 200 }));
    const url = 'https://answers.increase.test/real_time_payments_transfers/real_time_payments_transfer_1';
    const whole = realTimePaymentsTransfer({ id: 'real_time_payments_transfer_1' });
    await answering(whole)(url, { method: 'GET' });
    expect(takeDefinitionViolations(), 'the whole object').to.deep.equal([]);
    // The SDK's 0.405 name of the field, which 0.574 renamed.
    const { unstructured_remittance_information: remittance, ...rest } = whole;
    const answer = await answering({ ...rest, remittance_information: remittance })(url, { method: 'GET' });
    expect(answer.status, 'the rail still gets what the stand-in said').to.equal(200);
    expect(takeDefinitionViolations()).to.deep.equal([
      'increase GET /real_time_payments_transfers/real_time_payments_transfer_1 answer 200: ' +
        'unstructured_remittance_information is required; remittance_information is not a field of the definition',
    ]);
  });

  it('checks a list page of Increase as its SDK pages it, and a nested object whole', () => {
    const increase = new ProviderOracle('increase');
    const page = { data: [realTimePaymentsTransfer()], next_cursor: null };
    increase.answered('GET', '/real_time_payments_transfers', 200, page);
    increase.answered('GET', '/real_time_payments_transfers', 200, { data: [], cursor: null });
    increase.answered('GET', '/real_time_payments_transfers/rtp_1', 200, {
      ...realTimePaymentsTransfer(),
      rejection: { reject_reason_code: 'account_closed' },
    });
    increase.answered('GET', '/real_time_payments_transfers/rtp_1', 404, { type: 'object_not_found_error' });
    expect(increase.takeViolations()).to.deep.equal([
      'increase GET /real_time_payments_transfers answer 200: next_cursor is required; cursor is not a field of the definition',
      'increase GET /real_time_payments_transfers/rtp_1 answer 200: rejection.reject_reason_additional_information is required; rejection.rejected_at is required',
    ]);
  });

  it('records a Modern Treasury payment order with a renamed or missing field, in a list as alone', () => {
    const mt = new ProviderOracle('modern_treasury');
    const order = paymentOrder({ current_return: returnObject() });
    mt.answered('POST', '/api/payment_orders', 201, order);
    mt.answered('GET', '/api/payment_orders', 200, [order]);
    expect(mt.takeViolations(), 'whole objects').to.deep.equal([]);
    const { effective_date: date, ...rest } = order;
    mt.answered('GET', '/api/payment_orders/po_1', 200, { ...rest, effective_on: date });
    const { role: _, ...noRole } = returnObject();
    mt.answered('GET', '/api/payment_orders', 200, [{ ...order, current_return: noRole }]);
    expect(mt.takeViolations()).to.deep.equal([
      'modern_treasury GET /api/payment_orders/po_1 answer 200: effective_date is required; effective_on is not a field of the definition',
      'modern_treasury GET /api/payment_orders answer 200: 0.current_return.role is required',
    ]);
  });
});
