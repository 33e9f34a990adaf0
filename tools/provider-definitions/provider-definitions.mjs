// The providers' own definitions as JSON Schema, for the nock scripts and local fakes that stand in for them
// (docs/decisions/0018-provider-definitions-are-the-oracle.md): Increase's and Modern Treasury's request types
// (bodies, and the query parameters of the lists the reconciliation reads) from their official SDKs' TypeScript
// declarations, PayPal's Payouts request and answers from the definition its SDK embeds in each request class
// (`// @data`, gzipped JSON), and its Transaction Search from the OpenAPI description PayPal publishes
// (paypal/paypal-rest-api-specifications, openapi/reporting_transactions_v1.json at fb6f1262, Apache-2.0, kept
// as published in ./published). Written to packages/adapters-rails/definitions.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gunzipSync } from 'node:zlib';
import { createGenerator } from 'ts-json-schema-generator';

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
 * Each operation's request body (the SDK's declaration file and the type's name in it), or, for a list, its query
 * parameters (`query`) and how the SDK writes them (`queryStyle`: Increase's client joins nested names with dots
 * and lists with commas, Modern Treasury's with brackets: each SDK's `stringifyQuery`).
 */
const SDK_OPERATIONS = {
  increase: {
    'POST /ach_transfers': ['resources/ach-transfers.d.ts', 'ACHTransferCreateParams'],
    'POST /real_time_payments_transfers': [
      'resources/real-time-payments-transfers.d.ts',
      'RealTimePaymentsTransferCreateParams',
    ],
    'POST /wire_transfers': ['resources/wire-transfers.d.ts', 'WireTransferCreateParams'],
    'POST /card_push_transfers': ['resources/card-push-transfers.d.ts', 'CardPushTransferCreateParams'],
    'GET /ach_transfers': {
      query: ['resources/ach-transfers.d.ts', 'ACHTransferListParams'],
      queryStyle: 'dots',
    },
    'GET /real_time_payments_transfers': {
      query: ['resources/real-time-payments-transfers.d.ts', 'RealTimePaymentsTransferListParams'],
      queryStyle: 'dots',
    },
    'GET /wire_transfers': {
      query: ['resources/wire-transfers.d.ts', 'WireTransferListParams'],
      queryStyle: 'dots',
    },
    'GET /card_push_transfers': {
      query: ['resources/card-push-transfers.d.ts', 'CardPushTransferListParams'],
      queryStyle: 'dots',
    },
    // The sandbox's simulations, which the local fake answers as Increase's sandbox does.
    'POST /simulations/ach_transfers/{ach_transfer_id}/settle': [
      'resources/simulations/ach-transfers.d.ts',
      'ACHTransferSettleParams',
    ],
    'POST /simulations/ach_transfers/{ach_transfer_id}/return': [
      'resources/simulations/ach-transfers.d.ts',
      'ACHTransferReturnParams',
    ],
    'POST /simulations/ach_transfers/{ach_transfer_id}/create_notification_of_change': [
      'resources/simulations/ach-transfers.d.ts',
      'ACHTransferCreateNotificationOfChangeParams',
    ],
  },
  'modern-treasury': {
    'POST /api/payment_orders': ['resources/payment-orders/payment-orders.d.ts', 'PaymentOrderCreateParams'],
    'POST /api/external_accounts': ['resources/external-accounts.d.ts', 'ExternalAccountCreateParams'],
    'GET /api/payment_orders': {
      query: ['resources/payment-orders/payment-orders.d.ts', 'PaymentOrderListParams'],
      queryStyle: 'brackets',
    },
    'GET /api/payment_orders/{id}/reversals': {
      query: ['resources/payment-orders/reversals.d.ts', 'ReversalListParams'],
      queryStyle: 'brackets',
    },
  },
};

/**
 * Every `additionalProperties` the generator derived from a catch-all index signature (`[k: string]: unknown`, an
 * empty schema) becomes false: the SDK's Strict<T> bodies refuse such fields at compile time, and a fake must
 * refuse them too, or it would agree with a renamed field the provider then ignores. A declared map
 * (`metadata: {[key: string]: string}`) keeps its value schema.
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

/** An operation's entry as `{request?, query?, queryStyle?}`, each a `[file, type]`: a bare pair is a body. */
const entryOf = (entry) => (Array.isArray(entry) ? { request: entry } : entry);

function sdkDefinition(name) {
  const operations = Object.entries(SDK_OPERATIONS[name]).map(([operation, entry]) => [
    operation,
    entryOf(entry),
  ]);
  // One program over the declaration files the operations name (a glob), not the SDK's whole index.
  const files = [
    ...new Set(
      operations.flatMap(([, entry]) => [entry.request, entry.query].filter(Boolean).map(([f]) => f)),
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
  const defined = {};
  for (const [operation, { request, query, queryStyle }] of operations)
    defined[operation] = request
      ? { type: request[1], request: schemaOf(request[1]) }
      : { type: query[1], query: schemaOf(query[1]), queryStyle };
  return { source: `${name} ${versionOf(name)} (TypeScript declarations)`, operations: defined };
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
  // PayPal's Payouts API lists no payouts: what moved is in the account's Transaction Search.
  operations['GET /v1/reporting/transactions'] = publishedOperation(
    'paypal-reporting-transactions-v1.json',
    '/v1/reporting/transactions',
  );
  return {
    source: `@paypal/payouts-sdk ${versionOf('@paypal/payouts-sdk')} (the definition each request class embeds); Transaction Search from PayPal's published OpenAPI description`,
    operations,
  };
}

const PUBLISHED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'published');
/** Keywords of the published descriptions that only document (descriptions) or name PayPal's own formats. */
const PROSE = new Set(['description', 'title', 'readOnly', 'example']);

/** A published OpenAPI schema with its `$ref`s inlined, its prose dropped and PayPal's private formats left out. */
function inlined(document, schema) {
  if (Array.isArray(schema)) return schema.map((item) => inlined(document, item));
  if (schema === null || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at, key) => at[key], document);
    return inlined(document, target);
  }
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (PROSE.has(key)) continue;
    if (key === 'format' && typeof value === 'string' && value.startsWith('ppaas_')) continue;
    out[key] =
      key === 'properties' ? mapValues(value, (v) => inlined(document, v)) : inlined(document, value);
  }
  return out;
}
const mapValues = (object, f) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, f(v)]));

/**
 * One GET operation of a published OpenAPI description: its query parameters as one object's schema (refusing
 * names it does not define) and its 200 answer.
 */
function publishedOperation(file, path) {
  const document = JSON.parse(readFileSync(join(PUBLISHED_DIR, file), 'utf8'));
  const operation = document.paths[path].get;
  const parameters = operation.parameters.map((p) => inlined(document, p)).filter((p) => p.in === 'query');
  const answer = operation.responses['200'].content['application/json'].schema;
  return {
    type: operation.operationId,
    query: {
      type: 'object',
      properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
      required: parameters.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
    queryStyle: 'flat',
    answers: { 200: inlined(document, answer) },
  };
}

/** Each generated file's name and its text, as written. */
export function generatedDefinitions() {
  const files = {
    'increase.generated.json': sdkDefinition('increase'),
    'modern-treasury.generated.json': sdkDefinition('modern-treasury'),
    'paypal.generated.json': paypalDefinition(),
  };
  return Object.fromEntries(
    Object.entries(files).map(([file, definition]) => [file, `${JSON.stringify(definition, null, 2)}\n`]),
  );
}
