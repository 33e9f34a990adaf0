// The merchant's side of the drain: a local endpoint that verifies each delivery's Standard Webhooks signature
// and acknowledges it with 204, counting distinct event ids (a retry repeats its id).
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

export class WebhookReceiver {
  constructor() {
    this.eventIds = new Set();
    this.deliveries = 0;
    this.badSignatures = 0;
    this.verifier = null;
    this.server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        this.deliveries++;
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          this.verifier?.verify(body, req.headers);
          this.eventIds.add(req.headers['webhook-id']);
          res.writeHead(204).end();
        } catch {
          this.badSignatures++;
          res.writeHead(400).end();
        }
      });
    });
  }

  /** The endpoint's secret, known once the endpoint is registered. */
  trust(secret) {
    this.verifier = new Webhook(secret);
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
