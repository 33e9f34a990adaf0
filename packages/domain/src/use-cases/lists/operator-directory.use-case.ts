import type { Entity } from '../../entity/entity.js';
import type { LinkedAccountSummary } from '../../ports/list-reads.port.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { type MerchantView, merchantView } from '../operator/merchant-operations.use-case.js';
import { notFound, requireOperator } from '../operator/operator-deps.js';

export interface MerchantListItem {
  readonly id: string;
  readonly name: string;
  readonly payoutsEnabled: boolean;
  readonly approvalThreshold: string;
  readonly walletId: string;
  readonly createdAt: string;
}

export interface EntityListItem {
  readonly id: string;
  readonly merchantId: string;
  readonly entityType: Entity['entityType'];
  readonly email: string;
  readonly externalIdentifier: string | null;
  readonly walletId: string;
  readonly createdAt: string;
}

/** A linked account as an operator sees it: its last four digits, never an account or card number. */
export interface LinkedAccountListItem {
  readonly id: string;
  readonly entityId: string;
  readonly kind: LinkedAccountSummary['kind'];
  readonly optionType: LinkedAccountSummary['optionType'];
  readonly currency: string;
  readonly label: string;
  readonly counterPartyName: string;
  readonly lastFourDigits: string | null;
  readonly createdAt: string;
}

const entityListItem = (e: Entity): EntityListItem => ({
  id: e.id,
  merchantId: e.merchantId,
  entityType: e.entityType,
  email: e.email,
  externalIdentifier: e.externalIdentifier,
  walletId: e.walletId,
  createdAt: e.createdAt.toISOString(),
});

/**
 * The operator's directory: merchants, one merchant, a merchant's entities, one entity, an entity's linked
 * accounts.
 */
export class OperatorDirectory {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async merchants(principal: Principal, page: PageRequest): Promise<Result<Page<MerchantListItem>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const merchants = await this.deps.unitOfWork.read.lists.merchants(page);
    return ok(
      mapPage(merchants, (m) => ({
        id: m.id,
        name: m.name,
        payoutsEnabled: m.payoutsEnabled,
        approvalThreshold: m.approvalThreshold.toString(),
        walletId: m.walletId,
        createdAt: m.createdAt.toISOString(),
      })),
    );
  }

  async merchant(principal: Principal, merchantId: string): Promise<Result<MerchantView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const read = this.deps.unitOfWork.read;
    const merchant = await read.merchants.findById(merchantId.toLowerCase());
    const wallet = merchant && (await read.wallets.findById(merchant.walletId));
    return merchant && wallet ? ok(merchantView(merchant, wallet)) : err(notFound('Merchant'));
  }

  async entities(
    principal: Principal,
    merchantId: string,
    page: PageRequest,
  ): Promise<Result<Page<EntityListItem>>> {
    const read = this.deps.unitOfWork.read;
    const id = merchantId.toLowerCase();
    return this.ownedList(
      principal,
      () => read.merchants.findById(id),
      'Merchant',
      async () => mapPage(await read.lists.entities(id, page), entityListItem),
    );
  }

  async entity(principal: Principal, entityId: string): Promise<Result<EntityListItem>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const entity = await this.deps.unitOfWork.read.entities.findById(entityId.toLowerCase());
    return entity ? ok(entityListItem(entity)) : err(notFound('Entity'));
  }

  async linkedAccounts(
    principal: Principal,
    entityId: string,
    page: PageRequest,
  ): Promise<Result<Page<LinkedAccountListItem>>> {
    const read = this.deps.unitOfWork.read;
    const id = entityId.toLowerCase();
    return this.ownedList(
      principal,
      () => read.entities.findById(id),
      'Entity',
      async () =>
        mapPage(await read.lists.linkedAccounts(id, page), (a) => ({
          id: a.id,
          entityId: a.entityId,
          kind: a.kind,
          optionType: a.optionType,
          currency: a.currency,
          label: a.label,
          counterPartyName: a.counterPartyName,
          lastFourDigits: a.lastFourDigits,
          createdAt: a.createdAt.toISOString(),
        })),
    );
  }

  /** A list of an owner's rows for an operator: an owner that does not exist is a 404, not an empty list. */
  private async ownedList<T>(
    principal: Principal,
    owner: () => Promise<unknown>,
    what: string,
    list: () => Promise<Page<T>>,
  ): Promise<Result<Page<T>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (!(await owner())) return err(notFound(what));
    return ok(await list());
  }
}
