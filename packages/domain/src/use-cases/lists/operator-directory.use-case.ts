import type { Entity } from '../../entity/entity.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { Repositories, UnitOfWork } from '../../ports/unit-of-work.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import {
  type OperatorLinkedAccountView,
  operatorLinkedAccountView,
} from '../accounts/operator-linked-accounts.use-case.js';
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
    const merchants = await (await this.deps.unitOfWork.readFor(principal)).lists.merchants(page);
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
    const read = await this.deps.unitOfWork.readFor(principal);
    const merchant = await read.merchants.findById(merchantId.toLowerCase());
    const wallet = merchant && (await read.wallets.findById(merchant.walletId));
    return merchant && wallet ? ok(merchantView(merchant, wallet)) : err(notFound('Merchant'));
  }

  async entities(
    principal: Principal,
    merchantId: string,
    page: PageRequest,
  ): Promise<Result<Page<EntityListItem>>> {
    const id = merchantId.toLowerCase();
    return this.ownedList(
      principal,
      (read) => read.merchants.findById(id),
      'Merchant',
      async (read) => mapPage(await read.lists.entities(id, page), entityListItem),
    );
  }

  async entity(principal: Principal, entityId: string): Promise<Result<EntityListItem>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const entity = await (await this.deps.unitOfWork.readFor(principal)).entities.findById(
      entityId.toLowerCase(),
    );
    return entity ? ok(entityListItem(entity)) : err(notFound('Entity'));
  }

  async linkedAccounts(
    principal: Principal,
    entityId: string,
    page: PageRequest,
  ): Promise<Result<Page<OperatorLinkedAccountView>>> {
    const id = entityId.toLowerCase();
    return this.ownedList(
      principal,
      (read) => read.entities.findById(id),
      'Entity',
      async (read) => mapPage(await read.lists.linkedAccounts(id, page), operatorLinkedAccountView),
    );
  }

  /** A list of an owner's rows for an operator: an owner that does not exist is a 404, not an empty list. */
  private async ownedList<T>(
    principal: Principal,
    owner: (read: Repositories) => Promise<unknown>,
    what: string,
    list: (read: Repositories) => Promise<Page<T>>,
  ): Promise<Result<Page<T>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const read = await this.deps.unitOfWork.readFor(principal);
    if (!(await owner(read))) return err(notFound(what));
    return ok(await list(read));
  }
}
