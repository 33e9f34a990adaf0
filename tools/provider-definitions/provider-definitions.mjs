// The providers' own definitions as JSON Schema, for the nock scripts and local fakes that stand in for them
// (docs/decisions/0018-provider-definitions-are-the-oracle.md): Increase's and Modern Treasury's request types
// from their official SDKs' TypeScript declarations, PayPal's Payouts request and answers from the definition
// its SDK embeds in each request class (`// @data`, gzipped JSON). Written to packages/adapters-rails/definitions.
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

/** Each operation's request body: the SDK's declaration file and the type's name in it. */
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

function sdkDefinition(name) {
  const operations = Object.entries(SDK_OPERATIONS[name]);
  // One program over the declaration files the operations name (a glob), not the SDK's whole index.
  const files = [...new Set(operations.map(([, [file]]) => file))];
  const generator = createGenerator({
    path: join(packageDir(name), files.length > 1 ? `{${files.join(',')}}` : files[0]),
    skipTypeCheck: true,
    expose: 'none',
    topRef: false,
    additionalProperties: false,
    jsDoc: 'none',
  });
  const defined = {};
  for (const [operation, [, type]] of operations) {
    const { $schema: _, ...schema } = generator.createSchema(type);
    defined[operation] = { type, request: closed(schema) };
  }
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
  return {
    source: `@paypal/payouts-sdk ${versionOf('@paypal/payouts-sdk')} (the definition each request class embeds)`,
    operations,
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
