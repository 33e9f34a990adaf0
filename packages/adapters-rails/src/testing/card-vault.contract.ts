import type { CardToVault, CardVault } from '@payout/domain';
import { expect } from 'chai';

/** A test card (Visa's test number) with a valid check digit. */
export const TEST_CARD: CardToVault = {
  cardNumber: '4111111111111111',
  expMonth: '12',
  expYear: '2099',
  cardholderName: 'Ada Lovelace',
};

/**
 * What a vault is asked to show: `tokenises` takes the card; `refuses` is the provider refusing the card;
 * `fails` is the provider failing (a 5xx); `unreachable` is no answer at all.
 */
export type CardVaultScenario = 'tokenises' | 'refuses' | 'fails' | 'unreachable';

/**
 * The CardVault contract (ports/card-vault.port.ts): a token from the vault it names, a refused card as an error
 * value, a provider fault thrown, and the card number in no answer and no error. `arrange` makes a fresh vault
 * and provider for one scenario; `scenarios` lists those the vault can show (a simulated vault never refuses).
 */
export function describeCardVaultContract(
  name: string,
  arrange: (scenario: CardVaultScenario) => CardVault | Promise<CardVault>,
  scenarios: readonly CardVaultScenario[] = ['tokenises', 'refuses', 'fails', 'unreachable'],
): void {
  const tokenize = async (scenario: CardVaultScenario) =>
    (await arrange(scenario)).tokenize(TEST_CARD, 'la-0001');

  describe(`${name} (card vault contract)`, () => {
    it('answers a token of the vault it names, and no card number', async () => {
      const vault = await arrange('tokenises');
      const result = await vault.tokenize(TEST_CARD, 'la-0001');
      expect(result.ok && result.value.vault).to.equal(vault.vault);
      expect(result.ok && result.value.token)
        .to.be.a('string')
        .and.not.equal('');
      expect(JSON.stringify(result)).not.to.include(TEST_CARD.cardNumber);
    });

    if (scenarios.includes('refuses'))
      it('answers a refused card as an error value that does not quote the number', async () => {
        const result = await tokenize('refuses');
        expect(result.ok).to.equal(false);
        expect(JSON.stringify(result)).not.to.include(TEST_CARD.cardNumber);
      });

    for (const scenario of ['fails', 'unreachable'] as const)
      if (scenarios.includes(scenario))
        it(`throws when the provider ${scenario === 'fails' ? 'fails' : 'cannot be reached'}, without the number`, async () => {
          let thrown: unknown;
          await tokenize(scenario).catch((error: unknown) => {
            thrown = error;
          });
          expect(thrown).to.be.an('error');
          expect(String((thrown as Error).message)).not.to.include(TEST_CARD.cardNumber);
        });
  });
}
