// The providers' own definitions as JSON Schema, for the nock scripts and local fakes that stand in for them
// (docs/decisions/0018-provider-definitions-are-the-oracle.md): Increase's and Modern Treasury's request types
// (bodies, and the query parameters of the lists the reconciliation reads) and the objects they answer, from
// their official SDKs' TypeScript declarations; PayPal's Payouts request and answers from the definition its SDK
// embeds in each request class (`// @data`, gzipped JSON), and its Transaction Search from PayPal's official
// server SDK, @paypal/paypal-server-sdk (./paypal); and the operations of Wise's OpenAPI description listed below.
// Every SDK is a pinned devDependency installed from the lockfile. Written to packages/adapters-rails/definitions.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gunzipSync } from 'node:zlib';
import { createGenerator } from 'ts-json-schema-generator';
import { parse as parseYaml } from 'yaml';
import { transactionSearch } from './paypal/transaction-search.mjs';

const require = createRequire(import.meta.url);
export const DEFINITIONS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../packages/adapters-rails/definitions',
);

/** Where each SDK is installed: its main module sits at its root. */
const MAINS = {
  increase: require.resolve('increase'),
  'modern-treasury': require.resolve('modern-treasury'),
  '@paypal/payouts-sdk': require.resolve('@paypal/payouts-sdk'),
};
const packageDir = (name) => dirname(MAINS[name]);
const versionOf = (name) => JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;

/**
 * Each operation the service calls or a stand-in serves, by what the SDK declares of it (each a `[file, type]` in
 * the SDK's declarations): its request body (`request`), or, for a list, its query parameters (`query`) and how
 * the SDK writes them (`queryStyle`: Increase's client joins nested names with dots and lists with commas, Modern
 * Treasury's with brackets: each SDK's `stringifyQuery`); and the object it answers (`answer`), inside the SDK's
 * list page when `list` says so. The SDKs type a success's body, not its status: the answer is the 2xx one.
 */
const increaseTransfers = (path, file, type) => ({
  [`POST ${path}`]: { request: [file, `${type}CreateParams`], answer: [file, type] },
  [`GET ${path}`]: {
    query: [file, `${type}ListParams`],
    queryStyle: 'dots',
    answer: [file, type],
    list: true,
  },
  [`GET ${path}/{id}`]: { answer: [file, type] },
});
const ACH = 'resources/ach-transfers.d.ts';
const SIMULATED_ACH = 'resources/simulations/ach-transfers.d.ts';
const CARD_VALIDATIONS = 'resources/card-validations.d.ts';
const PAYMENT_ORDERS = 'resources/payment-orders/payment-orders.d.ts';
const REVERSALS = 'resources/payment-orders/reversals.d.ts';

const SDK_OPERATIONS = {
  increase: {
    ...increaseTransfers('/ach_transfers', ACH, 'ACHTransfer'),
    ...increaseTransfers(
      '/real_time_payments_transfers',
      'resources/real-time-payments-transfers.d.ts',
      'RealTimePaymentsTransfer',
    ),
    ...increaseTransfers('/wire_transfers', 'resources/wire-transfers.d.ts', 'WireTransfer'),
    ...increaseTransfers('/card_push_transfers', 'resources/card-push-transfers.d.ts', 'CardPushTransfer'),
    'POST /card_validations': {
      request: [CARD_VALIDATIONS, 'CardValidationCreateParams'],
      answer: [CARD_VALIDATIONS, 'CardValidation'],
    },
    'GET /card_validations/{id}': { answer: [CARD_VALIDATIONS, 'CardValidation'] },
    'GET /accounts/{account_id}/balance': {
      query: ['resources/accounts.d.ts', 'AccountBalanceParams'],
      queryStyle: 'dots',
      answer: ['resources/accounts.d.ts', 'BalanceLookup'],
    },
    'GET /routing_numbers': {
      query: ['resources/routing-numbers.d.ts', 'RoutingNumberListParams'],
      queryStyle: 'dots',
      answer: ['resources/routing-numbers.d.ts', 'RoutingNumberListResponse'],
      list: true,
    },
    // The sandbox's simulations, which the local fake answers as Increase's sandbox does.
    'POST /simulations/ach_transfers/{ach_transfer_id}/settle': {
      request: [SIMULATED_ACH, 'ACHTransferSettleParams'],
      answer: [ACH, 'ACHTransfer'],
    },
    'POST /simulations/ach_transfers/{ach_transfer_id}/return': {
      request: [SIMULATED_ACH, 'ACHTransferReturnParams'],
      answer: [ACH, 'ACHTransfer'],
    },
    'POST /simulations/ach_transfers/{ach_transfer_id}/create_notification_of_change': {
      request: [SIMULATED_ACH, 'ACHTransferCreateNotificationOfChangeParams'],
      answer: [ACH, 'ACHTransfer'],
    },
  },
  'modern-treasury': {
    'POST /api/payment_orders': {
      request: [PAYMENT_ORDERS, 'PaymentOrderCreateParams'],
      answer: [PAYMENT_ORDERS, 'PaymentOrder'],
    },
    'GET /api/payment_orders': {
      query: [PAYMENT_ORDERS, 'PaymentOrderListParams'],
      queryStyle: 'brackets',
      answer: [PAYMENT_ORDERS, 'PaymentOrder'],
      list: true,
    },
    'GET /api/payment_orders/{id}': { answer: [PAYMENT_ORDERS, 'PaymentOrder'] },
    'GET /api/payment_orders/{id}/reversals': {
      query: [REVERSALS, 'ReversalListParams'],
      queryStyle: 'brackets',
      answer: [REVERSALS, 'Reversal'],
      list: true,
    },
    'GET /api/returns': {
      query: ['resources/returns.d.ts', 'ReturnListParams'],
      queryStyle: 'brackets',
      answer: ['resources/returns.d.ts', 'ReturnObject'],
      list: true,
    },
    'POST /api/external_accounts': {
      request: ['resources/external-accounts.d.ts', 'ExternalAccountCreateParams'],
      answer: ['resources/external-accounts.d.ts', 'ExternalAccount'],
    },
    'GET /api/internal_accounts/{internal_account_id}/balance_reports/{id}': {
      answer: ['resources/internal-accounts/balance-reports.d.ts', 'BalanceReport'],
    },
    'GET /api/validations/routing_numbers': {
      query: ['resources/validations.d.ts', 'ValidationValidateRoutingNumberParams'],
      queryStyle: 'brackets',
      answer: ['resources/validations.d.ts', 'RoutingNumberLookupRequest'],
    },
  },
};

/**
 * A list's answer as each SDK's `Page` reads it (core/pagination.d.ts): Increase's `PageResponse<Item>` is
 * `{data, next_cursor}`; Modern Treasury's is the array itself, its cursor in the `X-After-Cursor` header.
 */
const PAGES = {
  increase: (item) => ({
    type: 'object',
    properties: { data: { type: 'array', items: item }, next_cursor: { type: ['string', 'null'] } },
    required: ['data', 'next_cursor'],
    additionalProperties: false,
  }),
  'modern-treasury': (item) => ({ type: 'array', items: item }),
};

/**
 * Every `additionalProperties` the generator derived from a catch-all index signature (`[k: string]: unknown`, an
 * empty schema) becomes false: the SDK's Strict<T> bodies refuse such fields at compile time, and a fake must
 * refuse them too, or it would agree with a renamed field the provider then ignores; an answer carrying a field
 * the SDK does not name is a stand-in's invention. A declared map (`metadata: {[key: string]: string}`) keeps its
 * value schema.
 */
function closed(schema) {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    const empty =
      key === 'additionalProperties' && typeof value === 'object' && Object.keys(value).length === 0;
    out[key] = empty ? false : closed(value);
  }
  return out;
}

/**
 * An SDK's operations as JSON Schema. The answer types go once into `definitions`, each operation's answer
 * referring to its type there (`#/definitions/ACHTransfer`), as one object type answers several operations.
 */
function sdkDefinition(name) {
  const operations = Object.entries(SDK_OPERATIONS[name]);
  // One program over the declaration files the operations name (a glob), not the SDK's whole index.
  const files = [
    ...new Set(
      operations.flatMap(([, entry]) =>
        [entry.request, entry.query, entry.answer].filter(Boolean).map(([f]) => f),
      ),
    ),
  ];
  const generator = createGenerator({
    path: join(packageDir(name), files.length > 1 ? `{${files.join(',')}}` : files[0]),
    skipTypeCheck: true,
    expose: 'none',
    topRef: false,
    additionalProperties: false,
    jsDoc: 'none',
  });
  const schemaOf = (type) => {
    const { $schema: _, ...schema } = generator.createSchema(type);
    return closed(schema);
  };
  const definitions = {};
  const defined = {};
  for (const [operation, { request, query, queryStyle, answer, list }] of operations) {
    const type = (request ?? query ?? answer)[1];
    let answers;
    if (answer && !definitions[answer[1]]) {
      // A recursive part of the type comes with definitions of its own, referred to from the root: hoisted.
      const { definitions: parts = {}, ...schema } = schemaOf(answer[1]);
      Object.assign(definitions, parts, { [answer[1]]: schema });
    }
    if (answer) {
      const ref = { $ref: `#/definitions/${answer[1]}` };
      answers = { '2xx': list ? PAGES[name](ref) : ref };
    }
    defined[operation] = {
      type,
      ...(request ? { request: schemaOf(request[1]) } : {}),
      ...(query ? { query: schemaOf(query[1]), queryStyle } : {}),
      ...(answers ? { answers } : {}),
    };
  }
  const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)));
  return {
    source: `${name} ${versionOf(name)} (TypeScript declarations)`,
    definitions: sorted,
    operations: defined,
  };
}

/** PayPal's definition of one operation, as the SDK's request class embeds it. */
function embeddedPayPal(className) {
  const path = join(packageDir('@paypal/payouts-sdk'), 'lib/payouts', `${className}.js`);
  const data = /^\/\/ @data (\S+)$/m.exec(readFileSync(path, 'utf8'))?.[1];
  if (!data) throw new Error(`${className}.js embeds no definition`);
  // The embedded stream lacks gzip's trailer: read what it holds, which is the whole JSON document.
  const json = gunzipSync(Buffer.from(data, 'base64'), { finishFlush: constants.Z_SYNC_FLUSH });
  return JSON.parse(json.toString('utf8'));
}

const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean']);
/** ArrayType 6 marks a list in the SDK generator's model; 0 a single value. */
const LIST = 6;

/** One field of PayPal's model as JSON Schema: a request refuses fields it does not name, an answer may add some. */
function paypalSchema(field, request) {
  let schema;
  if (PRIMITIVES.has(field.Type)) schema = { type: field.Type };
  else if (!field.Properties) schema = { type: 'object' };
  else {
    const properties = Object.fromEntries(field.Properties.map((p) => [p.KeyName, paypalSchema(p, request)]));
    const required = field.Properties.filter((p) => p.Required).map((p) => p.KeyName);
    schema = {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(request ? { additionalProperties: false } : {}),
    };
  }
  if (field.ArrayType === LIST) return { type: 'array', items: schema };
  if (field.ArrayType !== 0)
    throw new Error(`PayPal field ${field.KeyName}: unknown ArrayType ${field.ArrayType}`);
  return schema;
}

function paypalDefinition() {
  const operations = {};
  for (const className of ['payoutsPostRequest', 'payoutsGetRequest']) {
    const d = embeddedPayPal(className);
    const operation = `${d.HttpMethod} ${d.Path.replace(/\?$/, '')}`;
    operations[operation] = {
      type: d.Name,
      ...(d.RequestType ? { request: paypalSchema(d.RequestType, true) } : {}),
      answers: { [String(d.ExpectedStatusCode)]: paypalSchema(d.ResponseType, false) },
    };
  }
  // PayPal's Payouts API lists no payouts: what moved is in the account's Transaction Search, which the Payouts
  // SDK does not cover. Its server SDK types a success's body, not its status: the answer is the 2xx one.
  const search = transactionSearch();
  operations[search.operation] = {
    type: 'searchTransactions',
    ...closedQuery(search.parameters, (schema) => schema),
    answers: { '2xx': search.answer },
  };
  return {
    source: `@paypal/payouts-sdk ${versionOf('@paypal/payouts-sdk')} (the definition each request class embeds); Transaction Search from ${search.sdk} (TransactionSearchController.searchTransactions and its models)`,
    definitions: search.definitions,
    operations,
  };
}

/**
 * Wise's OpenAPI description, the one docs.wise.com/api-reference renders (servers api.wise.com and
 * api.wise-sandbox.com). Wise publishes it in no package; this copy is the one API Evangelist mirrors from Wise's
 * developer portal (github.com/api-evangelist/wise at 3c9126afed17466f8c660e1b6820dc7985704ce3,
 * openapi/_original/wise-platform-openapi.yml), gzipped, checked by its digest so a changed copy is noticed.
 */
const WISE_OPENAPI = join(dirname(fileURLToPath(import.meta.url)), 'wise/wise-platform-openapi.yml.gz');
const WISE_OPENAPI_SHA256 = '12447ac8609c81f9ef4e70fefe08c9d50961827237eb675c5a9775f03319bc06';

/** The Wise operations the service calls, every one of which the description defines, as `METHOD /path`. */
const WISE_OPERATIONS = [
  'GET /v1/quotes/{quoteId}/account-requirements',
  'POST /v1/quotes/{quoteId}/account-requirements',
  'POST /v1/accounts',
  'POST /v3/profiles/{profileId}/quotes',
  'POST /v1/transfer-requirements',
  'POST /v1/transfers',
  'GET /v1/transfers/{transferId}',
  'GET /v1/transfers',
  'POST /v3/profiles/{profileId}/transfers/{transferId}/payments',
];

/** `schema` with every `$ref` into the description replaced by what it names; a reference circle is refused. */
function inlined(schema, root, seen = []) {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, root, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    if (seen.includes(schema.$ref)) throw new Error(`Wise's ${schema.$ref} refers to itself`);
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], root);
    if (target === undefined) throw new Error(`Wise's definition has no ${schema.$ref}`);
    return inlined(target, root, [...seen, schema.$ref]);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, root, seen)]));
}

/**
 * Keywords of the description that say nothing about validity: left out of the oracle's schemas. `format` is kept
 * in requests (a `customerTransactionId` must be a UUID, an `int64` an integer in range) and left out of answers,
 * whose times Wise writes otherwise than `date-time` (`2026-12-01 10:00:00`).
 */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'deprecated']);

/**
 * One of Wise's schemas as the oracle checks it. A request's object that names its properties and says nothing of
 * others is closed (additionalProperties false), as Increase's catch-alls are: a stand-in refuses a field Wise does
 * not define (`details`, which Wise leaves open with `additionalProperties: true`, stays open). In an answer, a
 * property the schema does not require may be null: Wise's own examples answer null for such fields although their
 * schema types them string or integer (account-requirements-response: `minLength`, `validationRegexp`, `example`).
 */
function wiseSchema(schema, request) {
  if (Array.isArray(schema)) return schema.map((item) => wiseSchema(item, request));
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || (key === 'format' && !request)) continue;
    // An answer's `oneOf` lists shapes with no property required of either (the transfer and its variants), so a
    // body of one matches the others too and `oneOf` would refuse every body: it means any of them.
    out[!request && key === 'oneOf' ? 'anyOf' : key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value).map(([name, property]) => {
              const checked = wiseSchema(property, request);
              const optional = !(schema.required ?? []).includes(name);
              return [name, !request && optional ? nullable(checked) : checked];
            }),
          )
        : wiseSchema(value, request);
  }
  if (request && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** `schema`, or null. */
const nullable = (schema) => ({ anyOf: [schema, { type: 'null' }] });

/**
 * An operation's query parameters as one object's schema, each typed by `schemaOf` its own schema, refusing names
 * the description does not define; sent as plain names.
 */
const closedQuery = (parameters, schemaOf) => ({
  query: {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, schemaOf(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  },
  queryStyle: 'flat',
});

function wiseDefinition() {
  const gzipped = readFileSync(WISE_OPENAPI);
  const text = gunzipSync(gzipped).toString('utf8');
  const digest = createHash('sha256').update(text).digest('hex');
  if (digest !== WISE_OPENAPI_SHA256)
    throw new Error(`${WISE_OPENAPI} is not the copy named (sha256 ${digest})`);
  const description = parseYaml(text);
  const operations = {};
  for (const name of WISE_OPERATIONS) {
    const [method, path] = name.split(' ');
    const operation = description.paths?.[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`Wise's definition has no ${name}`);
    const body = operation.requestBody?.content?.['application/json']?.schema;
    const query = (operation.parameters ?? [])
      .map((parameter) => inlined(parameter, description))
      .filter((parameter) => parameter.in === 'query');
    const answers = {};
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const answer = inlined(response, description).content?.['application/json']?.schema;
      if (answer) answers[status] = wiseSchema(answer, false);
    }
    operations[name] = {
      type: operation.operationId,
      ...(query.length > 0 ? closedQuery(query, (schema) => wiseSchema(schema, true)) : {}),
      ...(body ? { request: wiseSchema(inlined(body, description), true) } : {}),
      ...(Object.keys(answers).length > 0 ? { answers } : {}),
    };
  }
  return {
    source: `Wise Platform API (OpenAPI ${description.openapi}, docs.wise.com/api-reference; sha256 ${digest})`,
    operations,
  };
}

/** Each generated file's name and its text, as written. */
export function generatedDefinitions() {
  const files = {
    'increase.generated.json': sdkDefinition('increase'),
    'modern-treasury.generated.json': sdkDefinition('modern-treasury'),
    'paypal.generated.json': paypalDefinition(),
    'wise.generated.json': wiseDefinition(),
  };
  return Object.fromEntries(
    Object.entries(files).map(([file, definition]) => [file, `${JSON.stringify(definition, null, 2)}\n`]),
  );
}
