// The merchant's side of the drain: a local endpoint that verifies each delivery's Standard Webhooks signature
// and acknowledges it with 204, counting distinct event ids (a retry repeats its id) and noting when each final
// event (SUCCESS or FAILED) was acknowledged: the moment its withdrawal is done end to end.
//
// It shares the machine's cores with the service it measures, so it verifies with node:crypto, which costs less
// CPU than the standardwebhooks library's JavaScript HMAC. The library still checks every CROSS_CHECK_EVERY-th
// delivery, so the two must agree: a signer and a verifier written by the same hands cannot share a mistake unseen.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

export const CROSS_CHECK_EVERY = 64;
const FINAL = /"status":"(SUCCESS|FAILED)"/;
/** The library's tolerance for a delivery's timestamp. */
const TOLERANCE_S = 5 * 60;

/**
 * Standard Webhooks verification: one of the space-separated `v1,<base64>` signatures must be the HMAC-SHA256 of
 * `id.timestamp.body` under the secret (base64 after `whsec_`), and the timestamp within five minutes of now.
 */
export function verifier(secret) {
  const key = createSecretKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64'));
  return (body, headers) => {
    const id = headers['webhook-id'];
    const timestamp = headers['webhook-timestamp'];
    const signatures = headers['webhook-signature'];
    if (!id || !timestamp || !signatures) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_S) return false;
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
    return signatures.split(' ').some((versioned) => {
      const [version, signature] = versioned.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
  };
}

export class WebhookReceiver {
  constructor() {
    this.eventIds = new Set();
    this.deliveries = 0;
    this.badSignatures = 0;
    this.crossChecked = 0;
    /** Date.now() of each first acknowledgement of a final event. */
    this.finalAt = [];
    /** When set (`timeArrivals`), Date.now() of each event's first verified arrival, by event id. */
    this.arrivals = null;
    this.verify = null;
    this.library = null;
    this.server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        this.deliveries++;
        const body = Buffer.concat(chunks).toString('utf8');
        if (this.verified(body, req.headers)) {
          const id = req.headers['webhook-id'];
          if (!this.eventIds.has(id) && FINAL.test(body)) this.finalAt.push(Date.now());
          if (this.arrivals && !this.arrivals.has(id)) this.arrivals.set(id, Date.now());
          this.eventIds.add(id);
          res.writeHead(204).end();
        } else {
          this.badSignatures++;
          res.writeHead(400).end();
        }
      });
    });
  }

  /** Starts noting each event's first arrival; returns the map it fills. */
  timeArrivals() {
    this.arrivals = new Map();
    return this.arrivals;
  }

  /** The endpoint's secret, known once the endpoint is registered. */
  trust(secret) {
    this.verify = verifier(secret);
    this.library = new Webhook(secret);
  }

  verified(body, headers) {
    if (!this.verify) return true;
    const ours = this.verify(body, headers);
    if (this.deliveries % CROSS_CHECK_EVERY !== 1) return ours;
    this.crossChecked++;
    try {
      this.library.verify(body, headers);
      return ours;
    } catch {
      return false;
    }
  }

  async start() {
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${this.server.address().port}/webhooks`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
