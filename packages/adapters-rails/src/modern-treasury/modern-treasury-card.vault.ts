import { type CardToVault, type CardVault, ok, type Result, type VaultedCard } from '@payout/domain';
import type ModernTreasury from 'modern-treasury';
import { vaultAnswer } from '../cards/vault-answer.js';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import type { Strict } from '../http/sdk-params.js';
import type { ModernTreasuryErrorBody } from './modern-treasury-api.types.js';
import { type ModernTreasuryCredentials, ModernTreasuryHttpClient } from './modern-treasury-http.client.js';

export const EXTERNAL_ACCOUNTS_PATH = '/api/external_accounts';

export interface ModernTreasuryCardVaultOptions extends ModernTreasuryCredentials {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly fetch?: FetchFunction;
}

/**
 * Modern Treasury keeps a card as an external account whose account detail is the card number
 * (`account_number_type: "pan"`; external-accounts.ts `ExternalAccountCreateParams`), shown afterwards only as
 * its last four digits (`account_number_safe`). Its id is the token: a `card` payment order names it in
 * `receiving_account_id`. No counterparty is made (`counterparty_id: null`); the linked account id is the
 * idempotency key and travels as metadata, so an operator finds the link from either side.
 */
export class ModernTreasuryCardVault implements CardVault {
  readonly vault = 'modern_treasury';
  private readonly http: ModernTreasuryHttpClient;

  constructor(private readonly options: ModernTreasuryCardVaultOptions) {
    this.http = new ModernTreasuryHttpClient(
      trimBaseUrl(options.baseUrl),
      options,
      options.fetch ?? globalFetch,
    );
  }

  async tokenize(card: CardToVault, key: string): Promise<Result<VaultedCard, string>> {
    const payload: Strict<ModernTreasury.ExternalAccountCreateParams> = {
      counterparty_id: null,
      party_name: card.cardholderName,
      party_type: 'individual',
      account_details: [{ account_number: card.cardNumber, account_number_type: 'pan' }],
      metadata: { linked_account_id: key },
    };
    const created = await this.http.call(
      {
        method: 'POST',
        path: EXTERNAL_ACCOUNTS_PATH,
        payload,
        idempotencyKey: key,
      },
      AbortSignal.timeout(this.options.timeoutMs),
    );
    if (!created.ok) throw new Error(created.error);
    const { status, body } = created.value;
    const error = asObject(asObject<ModernTreasuryErrorBody>(body).errors);
    // The error message is not repeated: it may quote the value it refused.
    const summary = `Modern Treasury answered ${status} ${text(error.code) ?? 'without an error code'} for ${EXTERNAL_ACCOUNTS_PATH}`;
    const token = vaultAnswer(created.value, (shown) => text(asObject<{ id?: unknown }>(shown).id), summary);
    return token.ok ? ok({ vault: this.vault, token: token.value }) : token;
  }
}
