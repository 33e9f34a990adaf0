import { isTokenUsable } from '../../application-token/application-token.js';
import {
  LINK_KINDS_REQUIRING_ACCESS_TOKEN,
  LINK_RESPONSE_STYLE,
  type LinkKind,
  type LinkResponseStyle,
  OPTION_TYPE,
} from '../../linked-account/link-kind.js';
import type { LinkedAccount } from '../../linked-account/linked-account.js';
import type { CardVault } from '../../ports/card-vault.port.js';
import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import { type RecipientValidator, UNCHECKED_RECIPIENTS } from '../../ports/recipient-validator.port.js';
import type { SecretGenerator } from '../../ports/secret-generator.port.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { domainError, MESSAGES, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { validateLinkBody } from './link-validation.js';
import { vaultCard } from './vault-card.js';

export interface LinkAccountInput {
  readonly principal: Principal | null;
  readonly applicationToken: string;
  readonly currency: string;
  readonly kind: LinkKind;
  readonly step: string;
  readonly body: Readonly<Record<string, unknown>>;
}

export interface LinkedAccountView {
  readonly style: LinkResponseStyle;
  readonly message: string;
  readonly linkedAccount: {
    readonly id: string;
    readonly currency: string;
    readonly optionType: string;
    readonly counterPartyName: string;
    readonly createdAt: string;
    readonly account: { readonly label: string; readonly lastFourDigits: string };
    readonly wallet: { readonly id: string; readonly balance: string; readonly disabled: boolean };
    readonly entity: {
      readonly id: string;
      readonly entityType: string;
      readonly email: string;
      readonly externalIdentifier: string;
    };
    readonly application: {
      readonly id: string;
      readonly externalId: string;
      readonly token: string;
      readonly businessId: string;
    };
  };
}

export interface LinkAccountDeps {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  /** Where a card's number goes instead of the database (docs/decisions/0003-cards-tokenised-at-link-time.md). */
  readonly cardVault: CardVault;
  /** The provider's check of the details before they are linked; none where no provider offers one. */
  readonly recipients?: RecipientValidator;
}

/** Fields a rail needs, per kind; whatever else the body carries is not kept. */
const DESTINATION_FIELDS: Readonly<Record<LinkKind, readonly string[]>> = {
  bank: ['accountHolderName', 'routingNumber', 'accountNumber', 'accountType'],
  international_bank: [
    'recipientType',
    'firstName',
    'lastName',
    'name',
    'email',
    'accountNumber',
    'swiftOrBic',
    'bankName',
    'recipientAddress',
    'recipientCity',
    'recipientState',
    'recipientCountry',
    'recipientPostalCode',
    'nickName',
  ],
  card: ['cardNumber', 'expMonth', 'expYear', 'cardholderName'],
  prepaid_card: ['firstName', 'lastName', 'name', 'recipientType', 'email'],
  zelle: ['username'],
  paypal: ['firstName', 'lastName', 'name', 'username', 'email', 'paypalDestinationType', 'recipientType'],
  venmo: ['firstName', 'lastName', 'name', 'username', 'email'],
};

const fullName = (d: Readonly<Record<string, string>>): string =>
  d.name ?? [d.firstName, d.lastName].filter(Boolean).join(' ');

function counterParty(kind: LinkKind, d: Readonly<Record<string, string>>): string {
  if (kind === 'zelle') return d.username ?? '';
  if (kind === 'bank') return d.accountHolderName ?? '';
  if (kind === 'card') return d.cardholderName ?? '';
  return fullName(d);
}

const lastFour = (d: Readonly<Record<string, string>>): string =>
  (d.cardNumber ?? d.accountNumber ?? '').slice(-4);

const unauthorized = () => err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));

/**
 * Endpoints 2–6 and the bank/card extensions (docs/product.md §4): links a payout account to the SPEND wallet of the
 * application token's entity. Only step 1 exists. Sensitive values are kept in the destination, which the
 * persistence adapter encrypts at rest, except a card's number, which only its vault keeps; responses carry the
 * last four digits only.
 */
export class LinkAccount {
  constructor(private readonly deps: LinkAccountDeps) {}

  async execute(input: LinkAccountInput): Promise<Result<LinkedAccountView>> {
    const { principal, kind } = input;
    if (LINK_KINDS_REQUIRING_ACCESS_TOKEN.has(kind) && !principal?.scopes.has('external.apis'))
      return unauthorized();
    if (input.step !== '1') return err(domainError('INVALID_STEP', MESSAGES.INVALID_STEP));
    if (input.currency !== 'USD')
      return err(domainError('UNSUPPORTED_CURRENCY', MESSAGES.UNSUPPORTED_CURRENCY));
    const now = this.deps.clock.now();
    const body = validateLinkBody(kind, input.body, now);
    if (!body.ok) return body;
    const read = this.deps.unitOfWork.read;
    const token = await read.applicationTokens.findByHash(this.deps.secrets.hash(input.applicationToken));
    if (!token || !isTokenUsable(token, now))
      return err(domainError('TOKEN_EXPIRED_OR_INACTIVE', MESSAGES.TOKEN_EXPIRED_OR_INACTIVE));
    if (principal && (principal.entityId !== token.entityId || principal.merchantId !== token.merchantId))
      return unauthorized();
    const entity = await read.entities.findById(token.entityId);
    const wallet = entity ? await read.wallets.findById(entity.walletId) : null;
    if (!entity || !wallet)
      throw new Error(`entity ${token.entityId} of application token ${token.id} is missing`);
    const destination: Record<string, string> = {};
    for (const name of DESTINATION_FIELDS[kind]) {
      const value = body.value.data[name];
      if (value !== undefined && value !== null) destination[name] = String(value).trim();
    }
    const id = this.deps.ids.next();
    const lastFourDigits = lastFour(destination) || null;
    const kept = kind === 'card' ? await vaultCard(this.deps.cardVault, destination, id) : ok(destination);
    if (!kept.ok) return kept;
    // The provider's word on the details as they would be paid (a card by its vault token, which its validation
    // names), before anything is stored. No answer links them anyway: the details passed our own checks, a payout to
    // a dead account is returned and marks it (docs/returns.md), and a card Increase validates is asked about
    // again before each push.
    const checked = await (this.deps.recipients ?? UNCHECKED_RECIPIENTS).check(kind, kept.value);
    if (checked.kind === 'INVALID') return err(validationError(checked.field, checked.message));
    const account: LinkedAccount = {
      id,
      merchantId: token.merchantId,
      entityId: entity.id,
      walletId: wallet.id,
      kind,
      optionType: OPTION_TYPE[kind],
      currency: input.currency,
      label: body.value.label,
      counterPartyName: counterParty(kind, destination),
      lastFourDigits,
      applicationTokenId: token.id,
      destination: kept.value,
      createdAt: now,
      unusable: null,
      correctedAt: null,
      eventSequence: 0,
    };
    await this.deps.unitOfWork.run((tx) => tx.linkedAccounts.insert(account), principal ?? undefined);
    return ok({
      style: LINK_RESPONSE_STYLE[kind],
      message: 'Account linked successfully',
      linkedAccount: {
        id: account.id,
        currency: account.currency,
        optionType: account.optionType,
        counterPartyName: account.counterPartyName,
        createdAt: account.createdAt.toISOString(),
        account: { label: account.label, lastFourDigits: account.lastFourDigits ?? '' },
        wallet: { id: wallet.id, balance: wallet.balance.toString(), disabled: wallet.disabled },
        entity: {
          id: entity.id,
          entityType: entity.entityType,
          email: entity.email,
          externalIdentifier: entity.externalIdentifier ?? '',
        },
        application: {
          id: token.id,
          externalId: entity.externalIdentifier ?? entity.id,
          token: input.applicationToken,
          businessId: token.merchantId,
        },
      },
    });
  }
}
