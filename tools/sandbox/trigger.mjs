#!/usr/bin/env node
// Makes one withdrawal with a chosen outcome on a chosen rail, on a simulated-rails service:
//   npm run -s trigger -- returned --rail ACH [--amount 25] [--merchant <id>] [--base-url http://localhost:3000]
// The outcome names come from the sandbox cents table (docs/product.md §9, SANDBOX_TRIGGER_CENTS,
// SANDBOX_FAILURE_CENTS and SANDBOX_RECONCILIATION_CENTS in the domain package). stdout carries the JSON alone; hints for a person go to stderr.
import { parseArgs } from 'node:util';
import {
  FAILURE_REASONS,
  RAIL_IDS,
  ROUTING_TABLE,
  SANDBOX_FAILURE_CENTS,
  SANDBOX_RECONCILIATION_CENTS,
  SANDBOX_TRIGGER_CENTS,
} from '@payout/domain';
import { payoutApi } from './payout-api.mjs';
import { cents, createSandbox, dollars } from './sandbox.mjs';

const named = (constant) => constant.toLowerCase().replaceAll('_', '-');
const reasonName = Object.fromEntries(
  Object.entries(FAILURE_REASONS).map(([key, text]) => [text, named(key)]),
);

/** Outcome name → { cents, outcome }: every row of the cents table by name, and `success` for any other cents. */
export const OUTCOMES = {
  success: { cents: '00', outcome: 'settles to SUCCESS' },
  ...Object.fromEntries(
    Object.entries(SANDBOX_FAILURE_CENTS).map(([cents, reason]) => [
      reasonName[reason],
      { cents, outcome: `FAILED "${reason}" once the rail settles` },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(SANDBOX_TRIGGER_CENTS).map(([name, cents]) => [
      named(name),
      {
        cents,
        outcome:
          {
            REJECTED: 'the rail rejects it at submission: HTTP 500, FAILED, debit reversed',
            RETURNED: 'SUCCESS, then FAILED "Recipient account not found." one settlement delay later',
            UNAVAILABLE_TWICE: 'rail unavailable twice: PENDING "Payment queued", then it settles',
          }[name] ?? name,
      },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(SANDBOX_RECONCILIATION_CENTS).map(([name, cents]) => [
      named(name),
      {
        cents,
        outcome: `settles to SUCCESS; reconciliation then finds ${
          {
            OTHER_AMOUNT: 'AMOUNT_MISMATCH (the provider booked a dollar more)',
            NO_RECORD: 'MISSING_AT_PROVIDER (the provider booked nothing)',
            SECOND_PAYOUT: 'DUPLICATE_AT_PROVIDER (a second payout, same reference)',
            LATE_RETURN: 'LATE_RETURN (returned after the return watch ended)',
          }[name] ?? name
        }`,
      },
    ]),
  ),
};

/** The account kind and routingType the routing table sends to `rail`. */
export function routeTo(rail) {
  for (const [kind, routes] of Object.entries(ROUTING_TABLE))
    for (const [routingType, routed] of Object.entries(routes))
      if (routed === rail) return { kind, routingType: routingType === 'OMITTED' ? undefined : routingType };
  throw new Error(`unknown rail "${rail}": one of ${RAIL_IDS.join(', ')}`);
}

/**
 * Creates a funded entity of the sandbox merchant (or `merchantId`'s) with an account on `rail`, and withdraws
 * `amount` dollars with the outcome's cents: its webhooks go to that merchant's endpoint, where `npm run listen` prints them.
 */
export async function trigger({
  outcome,
  rail = 'ACH',
  amount = '25',
  merchantId,
  baseUrl = 'http://localhost:3000',
}) {
  const chosen = OUTCOMES[outcome];
  if (!chosen) throw new Error(`unknown outcome "${outcome}": one of ${Object.keys(OUTCOMES).join(', ')}`);
  if (!/^\d{1,9}$/.test(String(amount))) throw new Error(`--amount takes whole dollars (got "${amount}")`);
  const { kind, routingType } = routeTo(rail);
  const value = `${amount}.${chosen.cents}`;
  // The amount and any fee (a percentage of it at most) with room to spare.
  const funds = dollars(cents(value) * 2n + 10000n);
  const sandbox = await createSandbox({ baseUrl, merchantId, entities: 1, funds, linkKinds: [kind] });
  const [entity] = sandbox.entities;
  const answer = await payoutApi(baseUrl).withdraw(entity.accessToken, entity.linkedAccounts[kind], {
    // A JSON number, as the spec's clients send it; two decimals are exact for the service's parser.
    amount: Number(value),
    walletType: 'SPEND',
    ...(routingType ? { routingType } : {}),
    reason: `trigger ${outcome}`,
  });
  const id = answer.body.data?.id ?? answer.body.transactionId;
  const held = cents(value) >= cents(sandbox.merchant.approvalThreshold);
  return {
    outcome,
    expected: held
      ? `AWAITING_APPROVAL until approved in the console; then ${chosen.outcome}`
      : chosen.outcome,
    rail,
    amount: value,
    httpStatus: answer.status,
    answer: answer.body,
    withdrawalId: id,
    follow: {
      status: `curl -s ${baseUrl}/v1/transactions/${id} -H 'Authorization: Bearer ${entity.accessToken}'`,
      console: sandbox.consoleUrl,
      operatorToken: sandbox.operatorToken,
    },
    entity: { id: entity.id, accessToken: entity.accessToken },
    merchant: sandbox.merchant,
  };
}

const USAGE = `Usage: npm run -s trigger -- <outcome> [--rail ${RAIL_IDS.join('|')}] [--amount <whole dollars>] [--merchant <id>]
Makes one withdrawal with the outcome's cents, from a new funded entity of the sandbox merchant (the one
\`npm run sandbox\` and \`npm run listen\` use; --merchant names another), so \`npm run listen\` prints its webhooks.
Outcomes (the cents of the amount pick them, docs/sandbox.md):
${Object.entries(OUTCOMES)
  .map(([name, { cents, outcome }]) => `  ${name.padEnd(20)} .${cents}  ${outcome}`)
  .join('\n')}
BASE_URL or --base-url names the service (default http://localhost:3000).
`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rail: { type: 'string', default: 'ACH' },
      amount: { type: 'string', default: '25' },
      merchant: { type: 'string' },
      'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://localhost:3000' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    process.stderr.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  trigger({
    outcome: positionals[0],
    rail: values.rail,
    amount: values.amount,
    merchantId: values.merchant,
    baseUrl: values['base-url'],
  })
    .then((result) => {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      process.stderr.write(
        [
          `Withdrawal ${result.withdrawalId} of merchant ${result.merchant.id} on ${result.rail}, ${result.amount}: HTTP ${result.httpStatus}, ${result.answer.data?.status ?? result.answer.code}.`,
          `Expected: ${result.expected}.`,
          `Follow it: ${result.follow.status}`,
          `Or in the console: ${result.follow.console} (sign in with follow.operatorToken; search by status or merchant).`,
          '',
        ].join('\n'),
      );
    })
    .catch((error) => {
      process.stderr.write(`trigger: ${error.message}\n`);
      process.exit(1);
    });
}
