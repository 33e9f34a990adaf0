// PayPal's Transaction Search as its official SDK sends and reads it: @paypal/paypal-server-sdk's
// `TransactionSearchController.searchTransactions`, called on a request builder that records what the controller
// asks of it and sends nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describedSdk, jsonSchemas } from './described-sdk.mjs';

const require = createRequire(import.meta.url);
const SDK = '@paypal/paypal-server-sdk';
const SDK_MAIN = require.resolve('@paypal/paypal-server-sdk');
/** The package's root: its main module is dist/cjs/index.js. */
const SDK_ROOT = join(dirname(SDK_MAIN), '../..');

/** What the controller asked for: its operation, each argument's schema and wire name, its answer's schema. */
function recordedCall() {
  const sdk = describedSdk(SDK_MAIN);
  const { TransactionSearchController } = sdk.load(
    join(dirname(SDK_MAIN), 'controllers/transactionSearchController.js'),
  );
  const asked = {
    operation: undefined,
    arguments: new Map(),
    sent: new Map(),
    answer: undefined,
    failure: null,
  };
  // The controller is async: what fails inside it is kept and thrown here, not left to a rejected promise.
  const fail = (message) => {
    asked.failure ??= new Error(message);
    throw asked.failure;
  };
  const builder = {
    // Each argument comes back as its own name, so that the query parameter it is sent as can be told.
    prepareArgs: (args) =>
      Object.fromEntries(
        Object.entries(args).map(([argument, [, schema]]) => {
          asked.arguments.set(argument, schema);
          return [argument, { argument }];
        }),
      ),
    query: (name, value) => {
      if (!asked.arguments.has(value?.argument)) fail(`${SDK} sends ${name} from no argument`);
      asked.sent.set(value.argument, name);
    },
    defaultToError: () => {},
    authenticate: () => {},
    callAsJson: (schema) => {
      asked.answer = schema;
      return Promise.resolve();
    },
  };
  const recording = new Proxy(builder, {
    get: (target, key) =>
      target[key] ??
      (() => fail(`searchTransactions calls the request builder's ${String(key)}, which is not read here`)),
  });
  const client = {
    getRequestBuilderFactory: () => (method, path) => {
      asked.operation = `${method} ${path}`;
      return recording;
    },
  };
  // The controller asks for everything before its first await: the call has been recorded when it returns.
  new TransactionSearchController(client).searchTransactions({}).catch(() => {});
  if (asked.failure) throw asked.failure;
  const unsent = [...asked.arguments.keys()].filter((argument) => !asked.sent.has(argument));
  if (unsent.length > 0 || !asked.answer)
    throw new Error(`${SDK}'s searchTransactions did not send ${unsent.join(', ') || 'for a JSON answer'}`);
  return { ...asked, names: sdk.names() };
}

/**
 * The operation (`GET /v1/reporting/transactions`), its query parameters as `{ name, required, schema }` in the
 * order the controller sends them, its answer's schema and the object types it refers to, by their SDK names.
 */
export function transactionSearch() {
  const call = recordedCall();
  const { schemaOf, fieldOf, definitions } = jsonSchemas(call.names);
  const parameters = [...call.sent].map(([argument, name]) => ({
    name,
    ...fieldOf(call.arguments.get(argument)),
  }));
  const answer = schemaOf(call.answer);
  const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)));
  const { version } = JSON.parse(readFileSync(join(SDK_ROOT, 'package.json'), 'utf8'));
  return { sdk: `${SDK} ${version}`, operation: call.operation, parameters, answer, definitions: sorted };
}
