import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { FaultProxy, type NetworkFault } from './fault-proxy.js';
import { postingsOf } from './ledger.probe.js';
import { ProductionRailsWorld } from './production-rails.world.js';

/** Short, so that an answer held past it costs a suite little; the held answer outlasts it. */
const RAIL_TIMEOUT_MS = 1_000;
const HOLD_MS = 3 * RAIL_TIMEOUT_MS;

/** The faults a call that makes money move meets, each with what it does to that call, for a test's title. */
export const CREATE_FAULTS: readonly (readonly [NetworkFault, string])[] = [
  ['reset', 'reset before it reaches the provider'],
  ['lose-answer', 'made by the provider, its answer lost'],
  ['hold-answer', 'answered after the rail timeout'],
  ['cut-answer', 'answered, the answer cut off halfway through its body'],
];

/** The production service and a provider's fake with a fault proxy between them. */
export interface HostileNetwork {
  readonly proxy: FaultProxy;
  readonly world: ProductionRailsWorld;
}

/**
 * The production service with `rails`, whose provider is reached at the proxy in front of `providerUrl`
 * (`providerEnv` is given the proxy's URL), with a short rail timeout.
 */
export async function behindFaultProxy(
  providerUrl: string,
  name: string,
  rails: string,
  providerEnv: (proxyUrl: string) => Record<string, string>,
): Promise<HostileNetwork> {
  const proxy = await FaultProxy.start(providerUrl, HOLD_MS);
  const world = await ProductionRailsWorld.start(name, rails, {
    ...providerEnv(proxy.url),
    RAIL_TIMEOUT_MS: String(RAIL_TIMEOUT_MS),
  });
  return { proxy, world };
}

export async function stopHostileNetwork(network: HostileNetwork | undefined): Promise<void> {
  await network?.world.stop();
  await network?.proxy.close();
}

/** The faults met by the requests matching `method` and `path` that the proxy saw from index `from` on. */
export const faultsMet = (proxy: FaultProxy, from: number, method: string, path: string | RegExp) =>
  proxy.seen
    .slice(from)
    .filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)))
    .map((r) => r.fault);

/**
 * A withdrawal of `amount` asked through the HTTP API while the network is faulted; answers its id once the
 * answer is the one the spec gives an outcome not known: queued and pending (`charged` with the fee), never a 500
 * (which claims a rejection of a payout the provider may have made) nor an acceptance it cannot vouch for.
 */
export async function queuedWithdrawal(
  world: ProductionRailsWorld,
  c: Customer,
  amount: number,
  charged: string,
): Promise<string> {
  const { status, json } = await world.requestWithdrawal(c, amount);
  const answer = json as { data?: { id: string; status: string; amount: string }; message?: string };
  expect([status, answer.data?.status, answer.data?.amount, answer.message]).to.deep.equal([
    200,
    'PENDING',
    charged,
    'Payment queued',
  ]);
  return answer.data?.id as string;
}

/**
 * What must hold once the provider settled the withdrawal: the merchant was told `told` in order and acknowledged
 * each once, the withdrawal is SUCCESS with one debit and one settlement, and the wallet's balance is
 * `balanceAfter`, equal to the sum of its ledger lines, with no entry unbalanced.
 */
export async function paidOnceExactly(
  world: ProductionRailsWorld,
  c: Customer,
  id: string,
  told: readonly string[],
  balanceAfter: string,
): Promise<void> {
  expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal(told);
  expect(world.merchantAcknowledged(id), 'each status delivered once').to.deep.equal(told);
  expect((await world.stored(id))?.status).to.equal('SUCCESS');
  const ledger = world.ledger();
  expect(await ledger.postings(id)).to.deep.equal(postingsOf('SUCCESS', true));
  const balance = await ledger.balance(c.walletId);
  expect(balance).to.equal(balanceAfter);
  expect(await ledger.postedToWallet(c.walletId), 'balance = postings').to.equal(balance);
  expect(await ledger.unbalancedEntries(c.walletId)).to.deep.equal([]);
}

/**
 * The status read at `path` reset, then its answer held past the rail timeout, while `settle` makes the payout
 * final at the provider and checks what must then hold: the withdrawal waits where it was and is read again until
 * an answer comes.
 */
export async function statusReadsFaulted(
  proxy: FaultProxy,
  path: string,
  settle: () => Promise<void>,
): Promise<void> {
  const from = proxy.seen.length;
  proxy.arm('GET', path, 'reset');
  proxy.arm('GET', path, 'hold-answer');
  await settle();
  expect(faultsMet(proxy, from, 'GET', path), 'read again until answered').to.deep.equal([
    'reset',
    'hold-answer',
    'pass',
  ]);
}

/** A request to aim a fault at: the next one with `method` and `path`, after `passing` such requests went by. */
export interface AimedFault {
  readonly method: string;
  readonly path: string | RegExp;
  readonly fault: NetworkFault;
  readonly passing?: number;
}

/**
 * A withdrawal of `amount` (`charged` with its fee) asked while `aimed` is armed, answered "Payment queued"
 * (queuedWithdrawal); its id and provider reference once the provider took it, and the faults met on the way by the
 * requests `aimed` names, from the faulted one on.
 */
export async function withdrawnThrough(
  { proxy, world }: HostileNetwork,
  c: Customer,
  aimed: AimedFault,
  amount: number,
  charged: string,
): Promise<{ id: string; reference: string; met: NetworkFault[] }> {
  const from = proxy.seen.length;
  if (aimed.passing) proxy.arm(aimed.method, aimed.path, 'pass', aimed.passing);
  proxy.arm(aimed.method, aimed.path, aimed.fault);
  const id = await queuedWithdrawal(world, c, amount, charged);
  const reference = await world.accepted(id);
  const met = faultsMet(proxy, from, aimed.method, aimed.path).slice(aimed.passing ?? 0);
  expect(met[0]).to.equal(aimed.fault);
  return { id, reference, met };
}
