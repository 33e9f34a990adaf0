import { createLogger } from '@payout/adapters-http';
import { loadConfig, startService } from '@payout/app';
import { expect } from 'chai';
import { createSandbox, LINK_BODIES } from './sandbox.mjs';

describe('npm run sandbox', function () {
  this.timeout(30_000);
  let service;

  before(async () => {
    const result = loadConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    if (!result.ok) throw new Error(result.errors.join('; '));
    service = await startService(result.config, createLogger({ level: 'silent' }));
  });

  after(async () => {
    await service?.stop();
  });

  it('creates a merchant, funded entities and one linked account of every kind, and its curl withdraws', async () => {
    const sandbox = await createSandbox({ baseUrl: service.url });
    expect(sandbox.entities).to.have.length(2);
    for (const entity of sandbox.entities) {
      expect(Object.keys(entity.linkedAccounts).sort()).to.deep.equal(Object.keys(LINK_BODIES).sort());
      for (const id of Object.values(entity.linkedAccounts)) expect(id).to.match(/^[0-9a-f-]{36}$/);
    }
    const [first] = sandbox.entities;
    const response = await fetch(
      `${service.url}/v1/ext/linked-accounts/USD/${first.linkedAccounts.zelle}/withdrawal`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${first.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 25, walletType: 'SPEND' }),
      },
    );
    const body = await response.json();
    expect(response.status).to.equal(200);
    expect(body).to.deep.include({ success: true });
    expect(body.data).to.include({ fees: '0.00', amount: '25.00' });
    expect(sandbox.tryIt).to.include(`/v1/ext/linked-accounts/USD/${first.linkedAccounts.bank}/withdrawal`);
  });
});
