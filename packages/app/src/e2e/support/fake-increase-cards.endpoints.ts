/** One request as the fake received it. */
export interface ReceivedRequest {
  readonly path: string;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

interface CardPushTransfer {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly request: Record<string, unknown>;
  status: 'pending_submission' | 'complete' | 'declined';
}

/**
 * Increase's card vault and Card Push Transfers for the local fake of Increase (FakeIncrease serves them), in the
 * documented shapes (Increase's guide "Creating card tokens": `POST /card_tokens` answers `{"card_token": …}`;
 * its SDK's `CardPushTransfer`): `POST /card_tokens`, `POST /card_push_transfers` (one transfer per key, a repeat
 * answers the first) and `GET /card_push_transfers/:id`. Increase's sandbox has no endpoint that completes a card
 * push, so a test moves a transfer with `complete` or `decline`.
 */
export class FakeIncreaseCardEndpoints {
  readonly tokenizations: ReceivedRequest[] = [];
  readonly creates: ReceivedRequest[] = [];
  private readonly transfers = new Map<string, CardPushTransfer>();

  complete(id: string): void {
    this.move(id, 'complete');
  }

  decline(id: string): void {
    this.move(id, 'declined');
  }

  private move(id: string, status: CardPushTransfer['status']): void {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`no card push transfer ${id}`);
    transfer.status = status;
  }

  /** The answer to a request on these endpoints; `undefined` for any other request. */
  answer(method: string | undefined, request: () => ReceivedRequest): [number, object] | undefined {
    const { path } = request();
    if (method === 'POST' && path === '/card_tokens') {
      this.tokenizations.push(request());
      return [200, { card_token: `outbound_card_token_${this.tokenizations.length}` }];
    }
    if (method === 'POST' && path === '/card_push_transfers') return this.create(request());
    const shown = /^\/card_push_transfers\/([^/]+)$/.exec(path);
    const transfer = shown && this.transfers.get(shown[1] ?? '');
    return method === 'GET' && transfer ? [200, this.objectOf(transfer)] : undefined;
  }

  private create(request: ReceivedRequest): [number, object] {
    this.creates.push(request);
    const key = request.idempotencyKey ?? '';
    const existing = [...this.transfers.values()].find((t) => t.idempotencyKey === key);
    if (existing) return [200, this.objectOf(existing)];
    const transfer: CardPushTransfer = {
      id: `outbound_card_push_transfer_${this.transfers.size + 1}`,
      idempotencyKey: key,
      request: request.body,
      status: 'pending_submission',
    };
    this.transfers.set(transfer.id, transfer);
    return [200, this.objectOf(transfer)];
  }

  private objectOf(transfer: CardPushTransfer): object {
    const { status } = transfer;
    return {
      type: 'card_push_transfer',
      id: transfer.id,
      idempotency_key: transfer.idempotencyKey,
      card_token_id: transfer.request.card_token_id,
      presentment_amount: transfer.request.presentment_amount,
      status,
      acceptance:
        status === 'complete' ? { accepted_at: new Date().toISOString(), settlement_amount: 0 } : null,
      decline:
        status === 'declined' ? { declined_at: new Date().toISOString(), reason: 'expired_card' } : null,
    };
  }
}
