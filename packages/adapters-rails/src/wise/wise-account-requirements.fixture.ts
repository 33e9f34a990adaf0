import nock from 'nock';
import { API_TOKEN, BASE_URL, PROFILE_ID } from './wise-api.fixture.js';

/** A field of Wise's account-requirements answer (`account-requirements-response`), nulls where Wise sends null. */
export const accountField = (
  key: string,
  name: string,
  options: {
    required?: boolean;
    refresh?: boolean;
    values?: string[];
    minLength?: number;
    maxLength?: number;
    pattern?: string;
  } = {},
) => ({
  key,
  name,
  type: options.values ? 'select' : 'text',
  refreshRequirementsOnChange: options.refresh ?? false,
  required: options.required ?? true,
  displayFormat: null,
  example: '',
  minLength: options.minLength ?? null,
  maxLength: options.maxLength ?? null,
  validationRegexp: options.pattern ?? null,
  validationAsync: null,
  valuesAllowed: options.values ? options.values.map((value) => ({ key: value, name: value })) : null,
});

/**
 * The `swift_code` requirements of a USD route, as Wise's v1.1 answers them (the holder's name and email among the
 * fields; the definition's example shows the name's pattern and lengths), and an `aba` group beside it. The
 * country refreshes the form: once it is US, the state is asked too (the definition's own example of a refresh).
 */
export function swiftCodeRequirements(country?: string): object[] {
  const state =
    country === 'US' ? [accountField('address.state', 'State', { values: ['CA', 'NY', 'TX'] })] : [];
  const group = (...fields: object[]) => ({ name: (fields[0] as { name: string }).name, group: fields });
  return [
    {
      type: 'aba',
      title: 'Local bank account',
      usageInfo: null,
      fields: [group(accountField('abartn', 'ACH routing number', { pattern: '^\\d{9}$' }))],
    },
    {
      type: 'swift_code',
      title: 'SWIFT',
      usageInfo: null,
      fields: [
        group(accountField('legalType', 'Recipient type', { values: ['PRIVATE', 'BUSINESS'] })),
        group(
          accountField('accountHolderName', 'Full Name', {
            minLength: 2,
            maxLength: 140,
            pattern: '^[0-9A-Za-zÀ-ÖØ-öø-ÿ-_()\'*,.%#^@{}~<>+$"\\[\\]\\\\ ]+$',
          }),
        ),
        group(
          accountField('email', 'E-mail', { required: false, pattern: '^[^\\s]+@[^\\s]+\\.[^\\s]{2,}$' }),
        ),
        group(
          accountField('swiftCode', 'SWIFT / BIC code', {
            minLength: 8,
            maxLength: 11,
            pattern: '^[a-zA-Z]{6}(([a-zA-Z0-9]{2})|([a-zA-Z0-9]{5}))$',
          }),
        ),
        group(accountField('accountNumber', 'IBAN / Account number', { minLength: 4, maxLength: 34 })),
        group(accountField('address.country', 'Country', { refresh: true, values: ['DE', 'GB', 'US'] })),
        ...state.map((field) => group(field)),
        group(accountField('address.city', 'City', { maxLength: 35 })),
        group(accountField('address.firstLine', 'Address', { maxLength: 35 })),
        group(accountField('address.postCode', 'Post code', { maxLength: 10 })),
      ],
    },
  ];
}

/**
 * Wise's quotes and account requirements scripted with nock, for the link-time check: a quote is made on every
 * call; `GET /v1/quotes/{id}/account-requirements` answers `requirements()`, a POST answers it for the posted
 * recipient's country. Faults are queued for the next call.
 */
export class ScriptedAccountRequirements {
  readonly quotes: unknown[] = [];
  /** Each requirements call: its method, the Accept-Minor-Version header and the posted recipient. */
  readonly asked: { method: string; minorVersion: string | null; body: unknown }[] = [];
  requirements: (country?: string) => object[] = swiftCodeRequirements;
  private readonly faults: [number, object][] = [];

  constructor() {
    nock(BASE_URL)
      .persist()
      .post(`/v3/profiles/${PROFILE_ID}/quotes`)
      .reply(async (request: Request) => this.quote(request));
    nock(BASE_URL)
      .persist()
      .intercept(/^\/v1\/quotes\/[^/]+\/account-requirements$/, 'GET')
      .reply(async (request: Request) => this.ask(request));
    nock(BASE_URL)
      .persist()
      .intercept(/^\/v1\/quotes\/[^/]+\/account-requirements$/, 'POST')
      .reply(async (request: Request) => this.ask(request));
  }

  failNext(status: number, body: object): void {
    this.faults.push([status, body]);
  }

  private async quote(request: Request): Promise<nock.ReplyFnResult> {
    if (request.headers.get('authorization') !== `Bearer ${API_TOKEN}`)
      return [401, { error: 'invalid_token', error_description: 'Invalid token' }];
    const fault = this.faults.shift();
    if (fault) return fault;
    const body = (await request.json()) as Record<string, unknown>;
    this.quotes.push(body);
    return [
      200,
      {
        id: `22244c35-9fe8-4c32-b7fd-d05c2a7734b${this.quotes.length % 10}`,
        sourceCurrency: body.sourceCurrency,
        targetCurrency: body.targetCurrency,
        sourceAmount: body.sourceAmount ?? null,
        targetAmount: null,
        payOut: 'BANK_TRANSFER',
        rate: 1,
        status: 'PENDING',
        expirationTime: '2026-01-15T12:30:00Z',
        profile: Number(PROFILE_ID),
      },
    ];
  }

  private async ask(request: Request): Promise<nock.ReplyFnResult> {
    const fault = this.faults.shift();
    if (fault) return fault;
    const body = request.method === 'POST' ? ((await request.json()) as Record<string, unknown>) : null;
    this.asked.push({
      method: request.method,
      minorVersion: request.headers.get('accept-minor-version'),
      body,
    });
    const address = (body?.details as { address?: { country?: string } } | undefined)?.address;
    return [200, this.requirements(address?.country)];
  }
}
