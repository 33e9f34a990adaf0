import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';

const SCRIPT = fileURLToPath(new URL('./receiver.mjs', import.meta.url));
const SECRET = `whsec_${Buffer.from('receiver-test-secret-24-bytes').toString('base64')}`;
const EVENT = {
  eventType: 'WITHDRAWAL',
  status: 'FAILED',
  payload: {
    transactionId: '0b6f1c7e-3f5e-4d5a-9b1e-2a4d3c2b1a00',
    sequence: 3,
    amount: 40.98,
    feeCharged: '1.00',
    reason: 'Recipient account not found.',
  },
};

/** Starts the CLI on a free port and collects what it prints; `out.printed` is emitted on each chunk. */
async function startReceiver(args) {
  const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = Object.assign(new EventEmitter(), { text: '' });
  const collect = (chunk) => {
    out.text += chunk;
    out.emit('printed');
  };
  child.stdout.setEncoding('utf8').on('data', collect);
  child.stderr.setEncoding('utf8').on('data', collect);
  child.on('exit', () => out.emit('printed'));
  return { child, out };
}

/** What the child printed once `pattern` shows up (its stdout can trail the HTTP answer), or all of it after 5 s. */
async function printed(out, pattern) {
  const deadline = AbortSignal.timeout(5_000);
  while (!pattern.test(out.text) && !deadline.aborted)
    await once(out, 'printed', { signal: deadline }).catch(() => undefined);
  return out.text;
}

async function listeningUrl(out) {
  const match = /listening on (\S+)/.exec(await printed(out, /listening on (\S+)/));
  if (!match) throw new Error(`the receiver did not start: ${out.text}`);
  return match[1];
}

function signed(id, body, secret = SECRET) {
  const timestamp = new Date();
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
  };
}

describe('tools/webhook-receiver', function () {
  this.timeout(10_000);
  let receiver;
  let url;

  before(async () => {
    receiver = await startReceiver(['--secret', SECRET, '--port', '0']);
    url = await listeningUrl(receiver.out);
  });

  after(async () => {
    receiver.child.kill('SIGTERM');
    await once(receiver.child, 'exit');
  });

  it('acknowledges a signed delivery with 204 and prints its status, transaction, sequence and reason', async () => {
    const body = JSON.stringify(EVENT);
    const response = await fetch(url, { method: 'POST', headers: signed('evt_ok', body), body });
    expect(response.status).to.equal(204);
    expect(await printed(receiver.out, /evt_ok /)).to.include(
      'evt_ok FAILED transaction=0b6f1c7e-3f5e-4d5a-9b1e-2a4d3c2b1a00 sequence=3 amount=40.98 fee=1.00 reason="Recipient account not found."',
    );
  });

  it('answers 400 to a tampered body and to another secret, so the service retries', async () => {
    const body = JSON.stringify(EVENT);
    const tampered = body.replace('40.98', '4098');
    const stranger = `whsec_${Buffer.from('some-other-secret-24-bytes').toString('base64')}`;
    const a = await fetch(url, { method: 'POST', headers: signed('evt_tampered', body), body: tampered });
    const b = await fetch(url, { method: 'POST', headers: signed('evt_stranger', body, stranger), body });
    expect([a.status, b.status]).to.deep.equal([400, 400]);
    expect(await printed(receiver.out, /rejected evt_tampered[\s\S]*rejected evt_stranger/)).to.match(
      /rejected evt_tampered[\s\S]*rejected evt_stranger/,
    );
    expect(receiver.out.text).not.to.match(/evt_tampered FAILED/);
  });

  it('refuses to start without a whsec_ secret', async () => {
    const bad = await startReceiver(['--secret', 'not-a-secret']);
    const [code] = await once(bad.child, 'exit');
    expect(code).to.equal(2);
    expect(bad.out.text).to.include('usage:');
  });
});
