#!/usr/bin/env node
// Registers a local receiver as a merchant's webhook endpoint and prints each delivery once its signature verifies:
//   npm run listen [-- --merchant <id>] [--port 4000] [--json] [--base-url http://localhost:3000]
// The sandbox merchant by default (the one `npm run sandbox` and `npm run trigger` use), made on first use.
// stdout carries the events alone (one line, or one JSON object, each); what a person reads goes to stderr.
import { parseArgs } from 'node:util';
import { mintToken } from '../token/mint-token.mjs';
import { createReceiver, eventAsJson, rejectedAsJson } from '../webhook-receiver/receiver.mjs';
import { payoutApi } from './payout-api.mjs';
import { sandboxMerchant } from './sandbox-merchant.mjs';

const USAGE = `Usage: npm run listen [-- --merchant <id>] [--port <port>] [--host <address>] [--json] [--base-url <url>]
Registers http://<host>:<port>/webhooks as the webhook endpoint of the sandbox merchant (the one \`npm run sandbox\`
and \`npm run trigger\` use, made on first use; --merchant names another), then prints each delivery whose signature
verifies, one line each. Ctrl-C stops it; the endpoint stays registered, and deliveries made while nothing listens
are retried by the service.
  --merchant <id>    the merchant whose endpoint to take (default: the sandbox merchant)
  --port <port>      where the receiver listens (default 4000; 0 picks a free port)
  --host <address>   the address it listens on and registers (default 127.0.0.1)
  --json             one JSON object per delivery instead of a line
  --base-url <url>   the service (default BASE_URL or http://localhost:3000)
`;

/** Listens, registers the endpoint, and resolves with what to print and how to stop. */
export async function listen({
  merchantId,
  port = 4000,
  host = '127.0.0.1',
  json = false,
  baseUrl = 'http://localhost:3000',
  print,
}) {
  let secret = null;
  const server = createReceiver({
    secret: () => secret,
    print,
    ...(json ? { describe: eventAsJson, describeRefusal: rejectedAsJson } : {}),
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), host, resolve);
  });
  const url = `http://${host}:${server.address().port}/webhooks`;
  try {
    const api = payoutApi(baseUrl);
    const operator = mintToken({ scope: 'operator', sub: 'sandbox-listen' });
    const { merchant } = await sandboxMerchant(api, operator, merchantId);
    const endpoint = await api.setWebhookEndpoint(operator, merchant.id, { url });
    secret = endpoint.secret;
    return {
      url,
      merchant,
      stop: () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  } catch (error) {
    server.close();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      merchant: { type: 'string' },
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      json: { type: 'boolean', default: false },
      'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://localhost:3000' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stderr.write(USAGE);
    process.exit(0);
  }
  listen({
    merchantId: values.merchant,
    port: values.port,
    host: values.host,
    json: values.json,
    baseUrl: values['base-url'],
  })
    .then(({ url, merchant, stop }) => {
      process.stderr.write(
        `Listening on ${url} for the webhooks of merchant ${merchant.id} (${merchant.name}). Ctrl-C stops.\n` +
          'Make a withdrawal in another terminal: npm run trigger -- returned --rail ACH\n',
      );
      const stopOn = (signal) =>
        process.once(signal, async () => {
          await stop();
          process.stderr.write(`Stopped listening (${signal}).\n`);
          process.exit(0);
        });
      stopOn('SIGINT');
      stopOn('SIGTERM');
    })
    .catch((error) => {
      process.stderr.write(`listen: ${error.message}\n`);
      process.exit(1);
    });
}
