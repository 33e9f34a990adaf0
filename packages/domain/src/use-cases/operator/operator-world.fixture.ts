import type { Principal } from '../../ports/token-verifier.port.js';
import { FakeSecretGenerator } from '../../testing/fake-secrets.js';
import { InMemoryUnitOfWork } from '../../testing/in-memory-unit-of-work.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { OPEN_OUTBOUND_URLS } from '../../testing/open-outbound-urls.js';
import { SequentialIds } from '../../testing/sequential-ids.js';
import { CreateEntity } from './entity-wallet-operations.use-case.js';
import { CreateMerchant } from './merchant-operations.use-case.js';

export const OPERATOR: Principal = {
  subject: 'op',
  merchantId: null,
  entityId: null,
  scopes: new Set(['operator']),
};

/** Operator ports over fresh in-memory adapters, a manual clock and deterministic ids and secrets. */
export const operatorDeps = () => ({
  unitOfWork: new InMemoryUnitOfWork(),
  clock: new ManualClock(),
  ids: new SequentialIds(),
  secrets: new FakeSecretGenerator(),
  outboundUrls: OPEN_OUTBOUND_URLS,
});

export type OperatorWorldDeps = ReturnType<typeof operatorDeps>;

/** A merchant and one entity of it, created through the operator use cases. */
export async function merchantWithEntity(
  deps: OperatorWorldDeps,
  entity: { entityType: 'USER' | 'BUSINESS'; email: string; externalIdentifier?: string },
) {
  const merchant = await new CreateMerchant(deps).execute(OPERATOR, { name: 'Acme' });
  if (!merchant.ok) throw new Error(merchant.error.message);
  const created = await new CreateEntity(deps).execute(OPERATOR, merchant.value.id, entity);
  if (!created.ok) throw new Error(created.error.message);
  return { merchant: merchant.value, entity: created.value };
}
