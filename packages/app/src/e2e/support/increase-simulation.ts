import { expect } from 'chai';
import { signedIncreaseEvent } from './fake-increase.server.js';
import type { ProductionRailsWorld } from './production-rails.world.js';

/**
 * Increase moves an ACH transfer (its sandbox's `POST /simulations/ach_transfers/:id/:action`, asked of the fake at
 * `increaseUrl` directly), then tells the service by a webhook signed with `secret` (`ach_transfer.updated`), on
 * which the service polls the transfer.
 */
export async function simulateOnIncrease(
  increaseUrl: string,
  world: ProductionRailsWorld,
  secret: string,
  move: { reference: string; action: string; body?: object },
): Promise<void> {
  const answer = await fetch(`${increaseUrl}/simulations/ach_transfers/${move.reference}/${move.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(move.body ?? {}),
  });
  expect(answer.status).to.equal(200);
  const event = signedIncreaseEvent(secret, move.reference);
  const told = await world.postProviderWebhook('increase', {
    body: event.body,
    headers: { 'increase-webhook-signature': event.signature },
  });
  expect(told.status).to.equal(200);
}
