import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { cents, createSandbox, LINK_BODIES } from './sandbox.mjs';
import { serviceForSuite } from './test-service.mjs';

const SANDBOX = new URL('./sandbox.mjs', import.meta.url).pathname;

const post = (url, token, body) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A port nothing listens on: bound, noted, released. */
async function closedPort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run sandbox', function () {
  this.timeout(30_000);
  const service = serviceForSuite();

  it('creates a merchant, funded entities and one linked account of every kind, and its curl withdraws', async () => {
    const sandbox = await createSandbox({ baseUrl: service.url });
    expect(sandbox.entities).to.have.length(2);
    for (const entity of sandbox.entities) {
      expect(Object.keys(entity.linkedAccounts).sort()).to.deep.equal(Object.keys(LINK_BODIES).sort());
      for (const id of Object.values(entity.linkedAccounts)) expect(id).to.match(/^[0-9a-f-]{36}$/);
    }
    const [first] = sandbox.entities;
    const response = await post(
      `${service.url}/v1/ext/linked-accounts/USD/${first.linkedAccounts.zelle}/withdrawal`,
      first.accessToken,
      { amount: 25, walletType: 'SPEND' },
    );
    const body = await response.json();
    expect(response.status).to.equal(200);
    expect(body).to.deep.include({ success: true });
    expect(body.data).to.include({ fees: '0.00', amount: '25.00' });
    expect(sandbox.tryIt).to.include(`/v1/ext/linked-accounts/USD/${first.linkedAccounts.bank}/withdrawal`);
  });

  it('funds above the approval threshold; its approval example is held and its operator token lists it', async () => {
    const sandbox = await createSandbox({ baseUrl: service.url, entities: 1 });
    const [entity] = sandbox.entities;
    expect(cents(entity.balance) > cents(sandbox.merchant.approvalThreshold)).to.equal(true);
    expect(sandbox.consoleUrl).to.equal(`${service.url}/console`);
    const amount = sandbox.tryApproval.match(/"amount": ([\d.]+)/)[1];
    expect(cents(amount) >= cents(sandbox.merchant.approvalThreshold)).to.equal(true);

    const held = await post(
      `${service.url}/v1/ext/linked-accounts/USD/${entity.linkedAccounts.bank}/withdrawal`,
      entity.accessToken,
      { amount: Number(amount), walletType: 'SPEND' },
    );
    const { data } = await held.json();
    expect(data.status).to.equal('AWAITING_APPROVAL');
    const queue = await fetch(
      `${service.url}/v1/operator/withdrawals?status=AWAITING_APPROVAL&merchantId=${sandbox.merchant.id}`,
      { headers: { authorization: `Bearer ${sandbox.operatorToken}` } },
    );
    expect((await queue.json()).data.map((w) => w.id)).to.deep.equal([data.id]);
  });

  it('prints JSON alone on stdout (it pipes) and the console, token and approval hints on stderr', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SANDBOX], {
      env: { ...process.env, BASE_URL: service.url },
    });
    const sandbox = JSON.parse(stdout);
    expect(sandbox.operatorToken).to.be.a('string');
    expect(stderr).to.include(`${service.url}/console`);
    expect(stderr).to.include(sandbox.operatorToken);
    expect(stderr).to.include(sandbox.tryApproval);
    expect(stderr).to.include('npm run -s sandbox | jq');
  });

  it('runs its two suggested commands one after another as printed: neither is rate limited', async () => {
    const sandbox = await createSandbox({ baseUrl: service.url });
    const shell = async (command) => JSON.parse((await promisify(execFile)('sh', ['-c', command])).stdout);
    const tried = await shell(sandbox.tryIt);
    const held = await shell(sandbox.tryApproval);
    expect(tried).to.deep.include({ success: true });
    expect(tried.data.status).to.equal('PENDING');
    expect(held).to.deep.include({ success: true });
    expect(held.data.status).to.equal('AWAITING_APPROVAL');
  });

  it('names the URL it tried when no service answers there', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const failure = await promisify(execFile)(process.execPath, [SANDBOX], {
      env: { ...process.env, BASE_URL: baseUrl },
    }).catch((error) => error);
    expect(failure.code).to.equal(1);
    expect(failure.stdout).to.equal('');
    expect(failure.stderr).to.include(
      `no service answered at ${baseUrl}/v1/operator/merchants (ECONNREFUSED)`,
    );
    expect(failure.stderr).to.not.include('fetch failed');
  });
});
