import type { CardVault } from '../../ports/card-vault.port.js';
import { validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';

/**
 * A `card` link's destination with its number swapped for the vault's token (docs/decisions/0003-cards-tokenised-at-link-time.md): the number
 * lives in this call's memory only. A card the provider refuses is a validation error of `data.cardNumber`,
 * without the provider's words, which name its internals; an unreachable provider throws (503, nothing linked).
 */
export async function vaultCard(
  vault: CardVault,
  destination: Readonly<Record<string, string>>,
  key: string,
): Promise<Result<Record<string, string>>> {
  const { cardNumber = '', expMonth = '', expYear = '', cardholderName = '', ...rest } = destination;
  const vaulted = await vault.tokenize({ cardNumber, expMonth, expYear, cardholderName }, key);
  if (!vaulted.ok)
    return err(validationError('data.cardNumber', 'data.cardNumber is a card that cannot receive payouts'));
  return ok({
    ...rest,
    expMonth,
    expYear,
    cardholderName,
    cardToken: vaulted.value.token,
    cardVault: vaulted.value.vault,
  });
}
