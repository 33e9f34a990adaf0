import { expect } from 'chai';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { WebhookEvent } from '../../webhooks/webhook-event.js';
import {
  CreateEntity,
  CreateMerchant,
  CreditWallet,
  IssueApplicationToken,
  RedeliverWebhook,
  SetWebhookEndpoint,
  UpdateMerchant,
  UpdateWallet,
} from './index.js';
import { operatorDeps } from './operator-world.fixture.js';

const ann: Principal = { subject: 'op-ann', merchantId: null, entityId: null, scopes: new Set(['operator']) };

describe('Operator actions in the audit log', () => {
  it('records every action with its actor, subject and the fields it set, never a secret or token', async () => {
    const deps = operatorDeps();
    const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    const merchant = must(await new CreateMerchant(deps).execute(ann, { name: 'Acme' }));
    must(await new UpdateMerchant(deps).execute(ann, merchant.id, { payoutsEnabled: false }));
    const entity = must(
      await new CreateEntity(deps).execute(ann, merchant.id, { entityType: 'USER', email: 'u@example.com' }),
    );
    must(await new CreditWallet(deps).execute(ann, entity.wallet.id, { amount: '12.30' }));
    must(await new UpdateWallet(deps).execute(ann, entity.wallet.id, { disabled: true }));
    const token = must(
      await new IssueApplicationToken(deps).execute(ann, { entityId: entity.id, purpose: 'ACCOUNT_LINK' }),
    );
    const set = new SetWebhookEndpoint(deps);
    const first = must(await set.execute(ann, merchant.id, { url: 'https://example.com/hooks' }));
    const second = must(await set.execute(ann, merchant.id, { url: 'https://example.com/hooks2' }));
    const event: WebhookEvent = {
      id: deps.ids.next(),
      merchantId: merchant.id,
      withdrawalId: deps.ids.next(),
      linkedAccountId: null,
      sequence: 1,
      status: 'PENDING',
      body: '{}',
      createdAt: deps.clock.now(),
      deliveryState: 'FAILED',
      attempts: 3,
      nextAttemptAt: null,
      deliveredAt: null,
    };
    deps.unitOfWork.state.webhookEvents.set(event.id, event);
    must(await new RedeliverWebhook(deps).execute(ann, event.id));

    const log = deps.unitOfWork.state.auditLog;
    expect(log.every((e) => e.actor === 'op-ann' && e.at.getTime() === deps.clock.now().getTime())).to.equal(
      true,
    );
    expect(log.map((e) => [e.action, e.subjectType, e.subjectId, e.changes])).to.deep.equal([
      [
        'MERCHANT_CREATED',
        'MERCHANT',
        merchant.id,
        { name: 'Acme', payoutsEnabled: true, approvalThreshold: '10000.00', walletId: merchant.wallet.id },
      ],
      ['MERCHANT_UPDATED', 'MERCHANT', merchant.id, { payoutsEnabled: false }],
      [
        'ENTITY_CREATED',
        'ENTITY',
        entity.id,
        { merchantId: merchant.id, entityType: 'USER', externalIdentifier: null, walletId: entity.wallet.id },
      ],
      [
        'WALLET_CREDITED',
        'WALLET',
        entity.wallet.id,
        { amount: '12.30', reason: 'operator credit', balance: '12.30' },
      ],
      ['WALLET_UPDATED', 'WALLET', entity.wallet.id, { disabled: true }],
      [
        'APPLICATION_TOKEN_ISSUED',
        'APPLICATION_TOKEN',
        token.id,
        {
          token: 'issued',
          entityId: entity.id,
          purpose: 'ACCOUNT_LINK',
          amount: null,
          withdrawalSource: 'ENTITY_WALLET',
          expiresAt: token.expiresAt,
        },
      ],
      [
        'WEBHOOK_ENDPOINT_SET',
        'MERCHANT',
        merchant.id,
        { url: 'https://example.com/hooks', secret: 'issued' },
      ],
      [
        'WEBHOOK_SECRET_ROTATED',
        'MERCHANT',
        merchant.id,
        { url: 'https://example.com/hooks2', secret: 'rotated' },
      ],
      [
        'WEBHOOK_REDELIVERED',
        'WEBHOOK_EVENT',
        event.id,
        { transactionId: event.withdrawalId, deliveryState: 'PENDING', endpointReenabled: false },
      ],
    ]);
    const written = JSON.stringify(log);
    for (const secret of [token.token, first.secret, second.secret]) expect(written).to.not.include(secret);
  });

  it('records nothing for a refused action', async () => {
    const deps = operatorDeps();
    const merchant = await new CreateMerchant(deps).execute(ann, { name: 'Acme' });
    if (!merchant.ok) throw new Error(merchant.error.message);
    const before = deps.unitOfWork.state.auditLog.length;
    await new UpdateMerchant(deps).execute(ann, merchant.value.id, { approvalThreshold: -1 });
    await new UpdateMerchant(deps).execute(ann, deps.ids.next(), { payoutsEnabled: false });
    await new CreditWallet(deps).execute(ann, deps.ids.next(), { amount: 5 });
    await new SetWebhookEndpoint(deps).execute(ann, deps.ids.next(), { url: 'https://example.com/x' });
    expect(deps.unitOfWork.state.auditLog).to.have.length(before);
  });
});
