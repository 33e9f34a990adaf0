import nock from 'nock';
import { globalFetch } from '../http/fetch-transport.js';
import type { ScriptedReply } from '../testing/scripted-provider.js';
import {
  BASE_URL,
  batchCreated,
  batchShown,
  CLIENT_ID,
  CLIENT_SECRET,
  duplicateBatch,
} from './paypal-api.fixture.js';

interface HeldBatch {
  readonly id: string;
  status: string;
  errorName?: string;
}

/**
 * PayPal's token and Payouts endpoints, scripted with nock in the shapes of paypal-api.fixture: a create with a
 * new sender_batch_id makes one batch of one item, a repeat is refused as a duplicate linking the original, a GET
 * shows the item in its current transaction_status. Faults are queued for the next creates; `fetch` loses the
 * answer of a create PayPal did make (a timeout after the request got through).
 */
export class ScriptedPayPal {
  private readonly batches = new Map<string, HeldBatch>();
  private readonly faults: ScriptedReply[] = [];
  private loseAnswers = 0;

  constructor() {
    nock(BASE_URL)
      .persist()
      .post('/v1/oauth2/token')
      .basicAuth({ user: CLIENT_ID, pass: CLIENT_SECRET })
      .reply(200, { access_token: 'SCRIPTED-TOKEN', token_type: 'Bearer', expires_in: 32400 });
    nock(BASE_URL)
      .persist()
      .post('/v1/payments/payouts')
      .reply(async (request: Request) => this.create(request));
    nock(BASE_URL)
      .persist()
      .get(/^\/v1\/payments\/payouts\/[^/]+$/)
      .reply(async (request: Request) => this.show(new URL(request.url).pathname.split('/').at(-1) ?? ''));
  }

  /** Batches PayPal holds: at most one per sender_batch_id. */
  get created(): number {
    return this.batches.size;
  }

  failNextCreate(reply: ScriptedReply): void {
    this.faults.push(reply);
  }

  loseNextAnswer(): void {
    this.loseAnswers += 1;
  }

  /** Moves the item of the batch sent as `senderBatchId` to `status`, as PayPal and the recipient would. */
  move(senderBatchId: string, status: string, errorName?: string): void {
    const batch = this.batches.get(senderBatchId);
    if (!batch) throw new Error(`no batch for ${senderBatchId}`);
    batch.status = status;
    batch.errorName = errorName;
  }

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const response = await globalFetch(input, init);
    if (!input.endsWith('/v1/payments/payouts') || this.loseAnswers === 0) return response;
    this.loseAnswers -= 1;
    await response.text();
    throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  };

  private async create(request: Request): Promise<nock.ReplyFnResult> {
    const body = (await request.json()) as { sender_batch_header: { sender_batch_id: string } };
    const fault = this.faults.shift();
    if (fault) return [fault.status, fault.body, fault.headers ?? {}];
    const key = body.sender_batch_header.sender_batch_id;
    const held = this.batches.get(key);
    if (held) return [400, duplicateBatch(held.id)];
    const id = `SCRIPTED${this.batches.size + 1}BATCH`;
    this.batches.set(key, { id, status: 'PENDING' });
    return [201, batchCreated(id, key)];
  }

  private show(id: string): nock.ReplyFnResult {
    for (const [key, batch] of this.batches)
      if (batch.id === id)
        return [
          200,
          batchShown(id, key, [
            {
              senderItemId: key,
              status: batch.status,
              ...(batch.errorName ? { errorName: batch.errorName } : {}),
            },
          ]),
        ];
    return [404, { name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' }];
  }
}
