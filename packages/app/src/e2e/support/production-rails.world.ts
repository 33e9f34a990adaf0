import { createLogger } from '@payout/adapters-http';
import { mintHarnessToken } from '@payout/adapters-http/testing';
import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import type { LinkKind } from '@payout/domain';
import { type Customer, LINK_BODIES, seedCustomer } from '@payout/domain/testing';
import { type RunningService, startService } from '../../bin/start-service.js';
import { configFor } from '../../config/config.fixture.js';
import { TOKENS } from '../../container/tokens.js';
import { productionEnvOn } from '../../service/production-service.fixture.js';
import { eventually } from './eventually.js';
import { LedgerProbe } from './ledger.probe.js';
import { type Delivery, VerifyingWebhookReceiver } from './verifying-webhook.receiver.js';

const MERCHANT_SECRET = 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0';

/** Every rail disabled, but those `rails` names (`ACH=modern_treasury,…`). */
const railsOnly = (rails: string): string => {
  const named = new Set(rails.split(',').map((pair) => pair.split('=')[0]));
  const off = ['ACH', 'RTP', 'WIRE', 'SWIFT', 'PUSH_TO_CARD', 'ZELLE', 'PAYPAL', 'VENMO'].filter(
    (rail) => !named.has(rail),
  );
  return [rails, ...off.map((rail) => `${rail}=disabled`)].join(',');
};

/**
 * The whole service in production mode (API and worker in one process, PostgreSQL) with `rails` on a provider
 * whose variables `providerEnv` gives, every other rail disabled, and a merchant endpoint that verifies the
 * service's webhooks.
 */
export class ProductionRailsWorld {
  private constructor(
    private readonly database: ScratchDatabase,
    private readonly receiver: VerifyingWebhookReceiver,
    readonly service: RunningService,
    /** The service's environment, for a process started the same way. */
    readonly env: Readonly<Record<string, string>>,
  ) {}

  static async start(
    name: string,
    rails: string,
    providerEnv: Record<string, string>,
    prepare?: Parameters<typeof startService>[2],
  ): Promise<ProductionRailsWorld> {
    const database = await scratchDatabase(name);
    const receiver = await VerifyingWebhookReceiver.start();
    receiver.useSecret(MERCHANT_SECRET);
    const env = {
      ...productionEnvOn(database.url),
      RAILS: railsOnly(rails),
      ...providerEnv,
    };
    const service = await startService(configFor(env), createLogger({ level: 'silent' }), prepare);
    return new ProductionRailsWorld(database, receiver, service, env);
  }

  get url(): string {
    return this.service.url as string;
  }

  async stop(): Promise<void> {
    await this.service.stop();
    await this.receiver.close();
    await this.database.drop();
  }

  /**
   * A funded customer with a linked account of `kind`, whose merchant receives webhooks. An account paid by what
   * its link holds (abroad: a name, IBAN, BIC and address; PayPal and Venmo: the username) holds a link's details,
   * which the provider's definition checks; a bank account holds its numbers. `endpointUrl` is where the
   * merchant's endpoint is registered: the receiver's URL, or a proxy's in front of it.
   */
  async customer(kind: LinkKind, endpointUrl = this.receiver.url): Promise<Customer> {
    const unitOfWork = await this.service.container.getAsync(TOKENS.unitOfWork);
    const ids = this.service.container.get(TOKENS.ids);
    const linked = ['international_bank', 'paypal', 'venmo'].includes(kind)
      ? (LINK_BODIES[kind].data as Record<string, unknown>)
      : undefined;
    const destination = linked && Object.fromEntries(Object.entries(linked).map(([k, v]) => [k, String(v)]));
    const seeded = await seedCustomer(unitOfWork, ids, new Date(), {
      kind,
      ...(destination ? { destination } : {}),
    });
    const now = new Date();
    await unitOfWork.run((tx) =>
      tx.webhookEndpoints.save({
        id: ids.next(),
        merchantId: seeded.merchantId,
        url: endpointUrl,
        secrets: [{ secret: MERCHANT_SECRET, expiresAt: null }],
        disabled: false,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return seeded;
  }

  /** The link operation of an account of `kind` with `data` for the customer's entity: its status and body. */
  async link(
    c: Customer,
    kind: LinkKind,
    data: object,
  ): Promise<{ status: number; body: { message?: string } }> {
    const operator = mintHarnessToken({ sub: 'op-1', scope: 'operator' });
    const issued = await fetch(`${this.url}/v1/operator/application-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entityId: c.entityId, purpose: 'ACCOUNT_LINK' }),
    });
    const { token } = ((await issued.json()) as { data: { token: string } }).data;
    // Some kinds are linked by the merchant's backend only: its access token for the customer goes with each.
    const access = mintHarnessToken({
      sub: c.principal.subject,
      scope: 'external.apis',
      merchant_id: c.merchantId,
      entity_id: c.entityId,
    });
    const res = await fetch(
      `${this.url}/v1/ext/application-token/${token}/linked-accounts/USD/link/${kind}/1`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ label: 'Linked abroad', data }),
      },
    );
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }

  /** The customer's entity's linked accounts of `kind`, as stored. */
  async linkedAccounts(c: Customer, kind: LinkKind) {
    const unitOfWork = await this.service.container.getAsync(TOKENS.unitOfWork);
    const page = await unitOfWork.read.lists.linkedAccounts(c.entityId, {
      limit: 100,
      order: 'desc',
      after: null,
    });
    return page.items.filter((account) => account.kind === kind);
  }

  /** Withdraws `amount` to the customer's linked account; answers the new withdrawal's id. */
  async withdraw(c: Customer, amount: number): Promise<string> {
    const { status, json } = await this.requestWithdrawal(c, amount);
    if (status !== 200 || !json.data) throw new Error(`withdrawal refused: ${status} ${json.message}`);
    return json.data.id;
  }

  /** The withdrawal request's answer as it came, whatever its status. */
  async requestWithdrawal(
    c: Customer,
    amount: number,
  ): Promise<{ status: number; json: { data?: { id: string }; message?: string } }> {
    const token = mintHarnessToken({
      sub: c.principal.subject,
      scope: 'external.apis',
      merchant_id: c.merchantId,
      entity_id: c.entityId,
    });
    const res = await fetch(`${this.url}/v1/ext/linked-accounts/USD/${c.accountId}/withdrawal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ walletType: 'SPEND', amount }),
    });
    return { status: res.status, json: (await res.json()) as { data?: { id: string }; message?: string } };
  }

  /** The service's ledger, read straight from its database. */
  ledger(): LedgerProbe {
    return new LedgerProbe(this.database.knex);
  }

  /** The merchant's endpoint, where the receiver listens. */
  get receiverUrl(): string {
    return this.receiver.url;
  }

  /** Every request the merchant's endpoint received about the withdrawal's events, in the order they came. */
  merchantReceived(id: string): Delivery[] {
    return this.receiver.deliveries.filter(
      (d) => d.body.eventType === 'WITHDRAWAL' && d.body.payload.transactionId === id,
    );
  }

  /** The status of each delivery of the withdrawal's events the merchant's endpoint verified and acknowledged. */
  merchantAcknowledged(id: string): string[] {
    return this.receiver.deliveries
      .filter(
        (d) =>
          d.verified &&
          d.answered >= 200 &&
          d.answered < 300 &&
          d.body.eventType === 'WITHDRAWAL' &&
          d.body.payload.transactionId === id,
      )
      .sort((a, b) => a.body.payload.sequence - b.body.payload.sequence)
      .map((d) => d.body.status);
  }

  async stored(id: string) {
    return (await this.service.container.getAsync(TOKENS.unitOfWork)).read.withdrawals.findById(id);
  }

  /** Waits until the provider has taken the withdrawal (it has a rail reference); answers the reference. */
  accepted(id: string): Promise<string> {
    return eventually(
      'the withdrawal taken by the provider',
      async () => (await this.stored(id))?.railReference ?? undefined,
      10_000,
    );
  }

  /**
   * Waits until the worker has checked the withdrawal since its next check was `before` (a webhook made it due
   * and the poll rescheduled it); answers the withdrawal as stored then.
   */
  polledSince(id: string, before: Date | null | undefined) {
    return eventually(
      'the withdrawal polled again',
      async () => {
        const stored = await this.stored(id);
        const at = stored?.nextCheckAt?.getTime() ?? 0;
        return at > (before?.getTime() ?? 0) && at > Date.now() ? stored : undefined;
      },
      10_000,
    );
  }

  /** POSTs a provider's webhook to `/v1/rails/:provider/webhooks`, as the provider would. */
  postProviderWebhook(
    provider: string,
    webhook: { body: string; headers: Record<string, string> },
  ): Promise<Response> {
    return fetch(`${this.url}/v1/rails/${provider}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...webhook.headers },
      body: webhook.body,
    });
  }

  /** The account events the merchant's endpoint was told of, once it was told of `count` of them. */
  merchantToldOfAccount(linkedAccountId: string, count: number) {
    return eventually(
      `the merchant told of ${count} events of account ${linkedAccountId}`,
      () => {
        const events = this.receiver.accountEventsFor(linkedAccountId);
        return events.length >= count ? events : undefined;
      },
      15_000,
    );
  }

  /** The statuses the merchant's endpoint was told of, once it was told of `last`. */
  async merchantToldOf(id: string, last: string): Promise<string[]> {
    await eventually(
      `the merchant told of ${last}`,
      () => (this.receiver.eventsFor(id).some((body) => body.status === last) ? true : undefined),
      15_000,
    );
    return this.receiver.eventsFor(id).map((body) => body.status);
  }
}
