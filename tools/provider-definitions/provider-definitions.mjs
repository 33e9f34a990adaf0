// The providers' own definitions as JSON Schema, for the nock scripts and local fakes that stand in for them
// (docs/decisions/0018-provider-definitions-are-the-oracle.md): Increase's and Modern Treasury's request types
// (bodies, and the query parameters of the lists the reconciliation reads) from their official SDKs' TypeScript
// declarations, PayPal's Payouts request and answers from the definition its SDK embeds in each request class
// (`// @data`, gzipped JSON), its Transaction Search from the OpenAPI description PayPal publishes
// (paypal/paypal-rest-api-specifications, openapi/reporting_transactions_v1.json at fb6f1262, Apache-2.0, kept
// as published in ./published), and the operations of Wise's OpenAPI description listed below. Written to
// packages/adapters-rails/definitions.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gunzipSync } from 'node:zlib';
import { createGenerator } from 'ts-json-schema-generator';
import { parse as parseYaml } from 'yaml';

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
    'POST /card_validations': ['resources/card-validations.d.ts', 'CardValidationCreateParams'],
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

/**
 * Wise's OpenAPI description, the one docs.wise.com/api-reference renders (servers api.wise.com and
 * api.wise-sandbox.com). Wise publishes it in no package; this copy is the one API Evangelist mirrors from Wise's
 * developer portal (github.com/api-evangelist/wise at 3c9126afed17466f8c660e1b6820dc7985704ce3,
 * openapi/_original/wise-platform-openapi.yml), gzipped, checked by its digest so a changed copy is noticed.
 */
const WISE_OPENAPI = join(dirname(fileURLToPath(import.meta.url)), 'wise/wise-platform-openapi.yml.gz');
const WISE_OPENAPI_SHA256 = '12447ac8609c81f9ef4e70fefe08c9d50961827237eb675c5a9775f03319bc06';

/** The Wise operations the service calls that the description defines, as `METHOD /path`. */
const WISE_OPERATIONS = [
  'GET /v1/quotes/{quoteId}/account-requirements',
  'POST /v1/quotes/{quoteId}/account-requirements',
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

/** Keywords of the description that say nothing about validity: left out of the oracle's schemas. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'deprecated', 'format']);

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
    if (ANNOTATIONS.has(key)) continue;
    out[key] =
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
    const answer = operation.responses?.['200']?.content?.['application/json']?.schema;
    operations[name] = {
      type: operation.operationId,
      ...(body ? { request: wiseSchema(inlined(body, description), true) } : {}),
      ...(answer ? { answers: { 200: wiseSchema(inlined(answer, description), false) } } : {}),
    };
  }
  return {
    source: `Wise Platform API (OpenAPI ${description.openapi}, docs.wise.com/api-reference; sha256 ${digest})`,
    operations,
  };
}

const PUBLISHED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'published');
/** Keywords of the published descriptions that only document (descriptions) or name PayPal's own formats. */
const PROSE = new Set(['description', 'title', 'readOnly', 'example']);

/** A published OpenAPI schema with its `$ref`s inlined, its prose dropped and PayPal's private formats left out. */
function inlinedPublished(document, schema) {
  if (Array.isArray(schema)) return schema.map((item) => inlinedPublished(document, item));
  if (schema === null || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at, key) => at[key], document);
    return inlinedPublished(document, target);
  }
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (PROSE.has(key)) continue;
    if (key === 'format' && typeof value === 'string' && value.startsWith('ppaas_')) continue;
    out[key] =
      key === 'properties'
        ? mapValues(value, (v) => inlinedPublished(document, v))
        : inlinedPublished(document, value);
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
  const parameters = operation.parameters
    .map((p) => inlinedPublished(document, p))
    .filter((p) => p.in === 'query');
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
    answers: { 200: inlinedPublished(document, answer) },
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
