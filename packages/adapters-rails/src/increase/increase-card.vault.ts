import { type CardToVault, type CardVault, ok, type Result, type VaultedCard } from '@payout/domain';
import { vaultAnswer } from '../cards/vault-answer.js';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import type { IncreaseErrorBody } from './increase-api.types.js';
import { IncreaseHttpClient } from './increase-http.client.js';

export interface IncreaseCardVaultOptions {
  /** https://vault.increase.com: the one Increase host that takes card numbers. */
  readonly vaultUrl: string;
  /** The Card Tokenization Key made for the vault in Increase's dashboard; the API key does not work there. */
  readonly tokenizationKey: string;
  readonly timeoutMs: number;
  readonly fetch?: FetchFunction;
}

/** The guide shows `card_token`; the Card Token object names its id `id`. */
function tokenOf(body: unknown): string | undefined {
  const shown = asObject<{ card_token?: unknown; id?: unknown }>(body);
  return text(shown.card_token) ?? text(shown.id);
}

/**
 * Increase's card vault: `POST /card_tokens` with the card number and expiry answers `{"card_token": "…"}`, the
 * token a Card Push Transfer names in `card_token_id` (increase.com/documentation/creating-card-tokens). No
 * CVV2 is sent: the link operation does not collect one, and Increase's example marks it optional.
 */
export class IncreaseCardVault implements CardVault {
  readonly vault = 'increase';
  private readonly http: IncreaseHttpClient;

  constructor(private readonly options: IncreaseCardVaultOptions) {
    this.http = new IncreaseHttpClient(
      trimBaseUrl(options.vaultUrl),
      options.tokenizationKey,
      options.fetch ?? globalFetch,
    );
  }

  async tokenize(card: CardToVault, key: string): Promise<Result<VaultedCard, string>> {
    const created = await this.http.call(
      {
        method: 'POST',
        path: '/card_tokens',
        payload: {
          primary_account_number: card.cardNumber,
          expiration_month: Number(card.expMonth),
          expiration_year: Number(card.expYear),
        },
        idempotencyKey: key,
      },
      AbortSignal.timeout(this.options.timeoutMs),
    );
    if (!created.ok) throw new Error(created.error);
    const { status, body } = created.value;
    const type = text(asObject<IncreaseErrorBody>(body).type) ?? 'no error type';
    const token = vaultAnswer(created.value, tokenOf, `Increase vault answered ${status} ${type}`);
    return token.ok ? ok({ vault: this.vault, token: token.value }) : token;
  }
}
