import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { serviceForSuite } from './test-service.mjs';

const LISTEN = new URL('./listen.mjs', import.meta.url).pathname;
const TRIGGER = new URL('./trigger.mjs', import.meta.url).pathname;

/** `npm run listen` as a process, with what it has printed so far and a wait for a pattern in it. */
function startListen(args) {
  const child = spawn(process.execPath, [LISTEN, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  const waiters = [];
  const check = () => {
    for (const w of [...waiters])
      if (w.test()) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  child.stdout.on('data', (chunk) => {
    out.stdout += chunk;
    check();
  });
  child.stderr.on('data', (chunk) => {
    out.stderr += chunk;
    check();
  });
  const until = (stream, test) =>
    new Promise((resolve, reject) => {
      const waiter = { test: () => test(out[stream]), resolve };
      waiters.push(waiter);
      child.once('exit', (code) => reject(new Error(`listen exited (${code}): ${out.stderr}`)));
      check();
    });
  return { child, out, until };
}

const sequenceOf = (words) => Number(words.find((w) => w.startsWith('sequence=')).slice('sequence='.length));
const lifecycle = (lines, id) => lines.filter((line) => line.transactionId === id).map((line) => line.status);

describe('npm run listen with npm run trigger', function () {
  this.timeout(120_000);
  const service = serviceForSuite({ RAIL_DELAYS_MS: 'ACH=200' });
  let listening;

  afterEach(() => {
    if (listening?.child.exitCode === null) listening.child.kill('SIGKILL');
  });

  it('prints the verified PENDING, SUCCESS and FAILED events of `trigger returned --rail ACH`, and stops on SIGINT', async () => {
    listening = startListen(['--base-url', service.url]);
    await listening.until('stderr', (text) => text.includes('Listening on'));
    const { stdout } = await promisify(execFile)(process.execPath, [TRIGGER, 'returned', '--rail', 'ACH'], {
      env: { ...process.env, BASE_URL: service.url },
    });
    const { withdrawalId, merchant } = JSON.parse(stdout);
    expect(listening.out.stderr).to.include(`merchant ${merchant.id} (Sandbox Merchant)`);
    await listening.until('stdout', (text) => text.includes(`FAILED transaction=${withdrawalId}`));
    // Deliveries may arrive out of order; each event's sequence orders them.
    const events = listening.out.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .filter((words) => words.includes(`transaction=${withdrawalId}`))
      .sort((a, b) => sequenceOf(a) - sequenceOf(b))
      .map((words) => words[1]);
    expect(events[0]).to.equal('PENDING');
    expect(events).to.include('SUCCESS');
    expect(events.at(-1)).to.equal('FAILED');
    expect(listening.out.stdout).to.include('reason="Recipient account not found."');
    expect(listening.out.stdout).to.not.include('rejected');

    listening.child.kill('SIGINT');
    const [code] = await once(listening.child, 'exit');
    expect(code).to.equal(0);
    expect(listening.out.stderr).to.include('Stopped listening (SIGINT)');
  });

  it('--json prints one verified JSON object per line, to the merchant it names; SIGTERM stops it', async () => {
    const first = await promisify(execFile)(process.execPath, [TRIGGER, 'success', '--rail', 'RTP'], {
      env: { ...process.env, BASE_URL: service.url },
    });
    const merchantId = JSON.parse(first.stdout).merchant.id;
    listening = startListen(['--json', '--merchant', merchantId, '--base-url', service.url]);
    await listening.until('stderr', (text) => text.includes('Listening on'));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [TRIGGER, 'success', '--rail', 'RTP', '--merchant', merchantId],
      { env: { ...process.env, BASE_URL: service.url } },
    );
    const { withdrawalId } = JSON.parse(stdout);
    const parsed = () =>
      listening.out.stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    await listening.until('stdout', () =>
      lifecycle(
        parsed().map((e) => ({ ...e.payload, status: e.status })),
        withdrawalId,
      ).includes('SUCCESS'),
    );
    // Deliveries may arrive out of order; each event's sequence orders them.
    const mine = parsed()
      .filter((e) => e.payload.transactionId === withdrawalId)
      .sort((a, b) => a.payload.sequence - b.payload.sequence);
    expect(mine[0]).to.include({ verified: true, status: 'PENDING' });
    expect(mine.at(-1)).to.include({ verified: true, status: 'SUCCESS' });
    expect(mine[0].webhookId).to.be.a('string');
    listening.child.kill('SIGTERM');
    expect((await once(listening.child, 'exit'))[0]).to.equal(0);
  });

  it('explains itself with --help, and names a merchant that does not exist', async () => {
    const help = await promisify(execFile)(process.execPath, [LISTEN, '--help']);
    expect(help.stderr).to.include('Usage: npm run listen').and.include('--merchant').and.include('--json');
    const missing = await promisify(execFile)(process.execPath, [
      LISTEN,
      '--port',
      '0',
      '--merchant',
      '00000000-0000-4000-8000-000000000000',
      '--base-url',
      service.url,
    ]).catch((error) => error);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.include('listen:').and.include('404');
  });
});
