import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { type ApiAnswer, PayoutApiClient, type WithdrawalAnswer } from './payout-api.client.js';
import { createSandbox, type LinkKind, type Sandbox } from './sandbox.fixture.js';
import { ServiceProcess } from './service.process.js';
import { type Responder, VerifyingWebhookReceiver } from './verifying-webhook.receiver.js';

/** A fresh database, a receiver, one `npm start` process on them, and a sandbox merchant sending it webhooks. */
export interface ServiceWorld {
  readonly database: ScratchDatabase;
  readonly receiver: VerifyingWebhookReceiver;
  readonly service: ServiceProcess;
  readonly api: PayoutApiClient;
  readonly sandbox: Sandbox;
}

export interface ServiceWorldOptions {
  /** Part of the scratch database's name. */
  readonly label: string;
  readonly env: Readonly<Record<string, string>>;
  readonly entities: number;
  readonly funds?: string;
  readonly responder?: Responder;
}

export async function startServiceWorld(options: ServiceWorldOptions): Promise<ServiceWorld> {
  const database = await scratchDatabase(options.label);
  const receiver = await VerifyingWebhookReceiver.start(options.responder);
  let service: ServiceProcess | null = null;
  try {
    service = await ServiceProcess.start('start', database.url, options.env);
    const sandbox = await createSandbox(service.url, receiver.url, options.entities, options.funds);
    receiver.useSecret(sandbox.webhook.secret);
    return { database, receiver, service, api: new PayoutApiClient(service.url), sandbox };
  } catch (error) {
    await service?.stop();
    await receiver.close();
    await database.drop();
    throw error;
  }
}

/** Cleanup for `after`: stops the process if a test has not already, then drops the database. */
export async function stopServiceWorld(world: ServiceWorld | undefined): Promise<void> {
  if (!world) return;
  await world.service.stop();
  await world.receiver.close();
  await world.database.drop();
}

/** Sends every request at once, request i by entity i, so each wallet shows the effect of its own request alone. */
export function withdrawOncePerEntity(
  world: ServiceWorld,
  requests: readonly { readonly account: LinkKind; readonly body: Readonly<Record<string, unknown>> }[],
): Promise<ApiAnswer<WithdrawalAnswer>[]> {
  return Promise.all(
    requests.map((request, i) => {
      const entity = world.sandbox.entities[i];
      if (!entity) throw new Error(`the sandbox has no entity ${i}`);
      return world.api.withdraw(entity.accessToken, entity.linkedAccounts[request.account], {
        walletType: 'SPEND',
        ...request.body,
      });
    }),
  );
}
