#!/usr/bin/env node
// A local webhook endpoint for trying the service: verifies every delivery with the standardwebhooks package and
// prints each event. Register its URL as the merchant's endpoint, then start it with the secret you got back:
//   node tools/webhook-receiver/receiver.mjs --secret whsec_... [--port 4000] [--host 127.0.0.1]
// (`npm run sandbox` with WEBHOOK_URL=http://127.0.0.1:4000/webhooks registers it and prints the secret.)
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';

/** One printable line per event: enough to follow a withdrawal's lifecycle by eye. */
export function describeEvent(id, event) {
  const p = event.payload ?? {};
  const reason = p.reason ? ` reason="${p.reason}"` : '';
  return `${id} ${event.status} transaction=${p.transactionId} sequence=${p.sequence} amount=${p.amount} fee=${p.feeCharged}${reason}`;
}

/** The same event as one JSON object, for `--json`: the delivery's id beside the verified event. */
export const eventAsJson = (id, event) => JSON.stringify({ webhookId: id, verified: true, ...event });
const describeRejected = (id, error) => `rejected ${id ?? '(no webhook-id)'}: ${error.message}`;
export const rejectedAsJson = (id, error) =>
  JSON.stringify({ webhookId: id ?? null, verified: false, error: error.message });

/**
 * Answers 204 to a delivery whose signature verifies, 400 to one that does not (the service then retries, which
 * is what a real merchant endpoint should make it do), 405 to anything but POST. `secret` is a string, or a
 * function read at each delivery for a receiver that learns its secret once it listens (`npm run listen`).
 */
export function createReceiver({
  secret,
  describe = describeEvent,
  describeRefusal = describeRejected,
  print = (line) => process.stdout.write(`${line}\n`),
}) {
  const verifierOf = (key) => new Webhook(key);
  let verifier = typeof secret === 'string' ? verifierOf(secret) : null;
  let verifierKey = typeof secret === 'string' ? secret : null;
  const current = () => {
    const key = typeof secret === 'function' ? secret() : secret;
    if (key !== verifierKey) [verifier, verifierKey] = [key ? verifierOf(key) : null, key];
    return verifier;
  };
  return createServer(async (req, res) => {
    if (req.method !== 'POST') return res.writeHead(405, { allow: 'POST' }).end();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      const webhook = current();
      if (!webhook) throw new Error('no secret yet');
      event = webhook.verify(raw, req.headers);
    } catch (error) {
      print(describeRefusal(req.headers['webhook-id'], error));
      return res.writeHead(400).end();
    }
    print(describe(req.headers['webhook-id'], event));
    res.writeHead(204).end();
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      secret: { type: 'string' },
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  if (!values.secret?.startsWith('whsec_')) {
    process.stderr.write('usage: receiver.mjs --secret whsec_... [--port 4000] [--host 127.0.0.1]\n');
    process.exit(2);
  }
  const server = createReceiver({ secret: values.secret });
  server.listen(Number(values.port), values.host, () => {
    const { port } = server.address();
    process.stdout.write(`listening on http://${values.host}:${port}/webhooks (any path works)\n`);
  });
}
