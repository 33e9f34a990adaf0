import type { CardToVault, CardVault, VaultedCard } from '../ports/card-vault.port.js';
import { err, ok, type Result } from '../shared/result.js';

/**
 * A vault that answers `recorded_card_token_<key>` and records each call (the cards it was handed, by key).
 * `willRefuse` makes the next call refuse the card; `willFail` makes it throw, as an unreachable provider does.
 */
export class RecordingCardVault implements CardVault {
  readonly vault = 'recorded';
  readonly calls: { readonly card: CardToVault; readonly key: string }[] = [];
  private next: { refuse: string } | { fail: Error } | null = null;

  willRefuse(detail: string): this {
    this.next = { refuse: detail };
    return this;
  }

  willFail(error: Error): this {
    this.next = { fail: error };
    return this;
  }

  async tokenize(card: CardToVault, key: string): Promise<Result<VaultedCard, string>> {
    this.calls.push({ card, key });
    const next = this.next;
    this.next = null;
    if (next && 'fail' in next) throw next.fail;
    if (next) return err(next.refuse);
    return ok({ vault: this.vault, token: `recorded_card_token_${key}` });
  }
}
