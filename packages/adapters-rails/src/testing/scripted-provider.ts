import { Money, type RailSubmission } from '@payout/domain';
import { globalFetch } from '../http/fetch-transport.js';

export interface ScriptedReply {
  readonly status: number;
  readonly body: object;
  readonly headers?: Record<string, string>;
}

/**
 * What a scripted provider's create endpoint shares whatever the provider: faults queued for the next creates,
 * and a `fetch` that loses the answer of a create the provider did make (a timeout after the request got through).
 */
export class ScriptedCreates {
  private readonly faults: ScriptedReply[] = [];
  private loseAnswers = 0;

  failNextCreate(reply: ScriptedReply): void {
    this.faults.push(reply);
  }

  loseNextAnswer(): void {
    this.loseAnswers += 1;
  }

  /** The queued fault for this create, as nock's reply, if one is queued. */
  protected nextFault(): [number, object, Record<string, string>] | undefined {
    const fault = this.faults.shift();
    return fault ? [fault.status, fault.body, fault.headers ?? {}] : undefined;
  }

  /** Whether a lost answer may be this POST's: the create the script stands for, not a step before it. */
  protected losesAnswerOf(_url: string): boolean {
    return true;
  }

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const response = await globalFetch(input, init);
    if (init.method !== 'POST' || this.loseAnswers === 0 || !this.losesAnswerOf(input)) return response;
    this.loseAnswers -= 1;
    await response.text();
    throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  };
}

/** A withdrawal of 1234.56 to `destination`. */
const payoutTo = (
  destination: RailSubmission['destination'],
  overrides: Partial<RailSubmission>,
): RailSubmission => ({
  withdrawalId: 'wd-0001',
  attempt: 1,
  requestedAt: new Date('2026-01-15T12:00:00Z'),
  amount: Money.of('1234.56'),
  currency: 'USD',
  destination,
  description: 'Payout wd-0001',
  ...overrides,
});

/** A withdrawal of 1234.56 to a US checking account of Ada Lovelace's with these numbers. */
export const bankSubmission = (
  account: { routingNumber: string; accountNumber: string },
  overrides: Partial<RailSubmission> = {},
): RailSubmission =>
  payoutTo(
    { kind: 'bank', details: { accountHolderName: 'Ada Lovelace', ...account, accountType: 'checking' } },
    overrides,
  );

/** A withdrawal of 1234.56 to Ada Lovelace's card, linked as `card.token` of the vault `card.vault`. */
export const vaultedCardSubmission = (
  card: { token: string; vault: string },
  overrides: Partial<RailSubmission> = {},
): RailSubmission =>
  payoutTo(
    {
      kind: 'card',
      details: {
        cardToken: card.token,
        cardVault: card.vault,
        cardholderName: 'Ada Lovelace',
        expMonth: '12',
        expYear: '2099',
      },
    },
    overrides,
  );
