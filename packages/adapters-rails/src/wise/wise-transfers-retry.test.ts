import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { useNock } from '../testing/use-nock.js';
import {
  requirementField,
  ScriptedWise,
  scaKeyPair,
  submission,
  WITHDRAWAL_ID,
  wiseRail,
} from './wise-api.fixture.js';

const clock = new ManualClock('2026-01-15T12:00:00Z');
const retry = (attempt: number) => ({ ...submission(), attempt });
const counts = (wise: ScriptedWise) => [wise.recipients, wise.quotes, wise.created];

describe('WiseTransferRail: retries, SCA and transfer requirements', () => {
  useNock();

  for (const step of ['quote', 'requirements', 'transfer', 'funding'] as const)
    it(`after a fault at the ${step}, a retry in another process makes one recipient, one quote and one transfer`, async () => {
      const wise = new ScriptedWise();
      const steps = new InMemoryRailStepStore();
      wise.failNext(step, { status: 503, body: { errors: [{ code: 'SERVICE_UNAVAILABLE' }] } });
      expect((await wiseRail(wise, { clock, steps }).submit(submission())).kind).to.equal('UNAVAILABLE');
      // Another worker, after the first one's process died: only the stored steps are shared.
      expect(await wiseRail(wise, { clock, steps }).submit(retry(2))).to.deep.equal({
        kind: 'ACCEPTED',
        reference: '50000001',
      });
      expect(counts(wise)).to.deep.equal([1, 1, 1]);
      expect(wise.fundings(WITHDRAWAL_ID)).to.equal(1);
      expect(await steps.recorded(WITHDRAWAL_ID)).to.deep.equal({
        'recipient account': '40000001',
        quote: '11144c35-9fe8-4c32-b7fd-d05c2a7734b1',
      });
    });

  it('is unavailable, making nothing, while the steps cannot be read', async () => {
    const wise = new ScriptedWise();
    const broken = {
      recorded: () => Promise.reject(new Error('connection refused')),
      record: () => Promise.reject(new Error('connection refused')),
    };
    const result = await wiseRail(wise, { clock, steps: broken }).submit(submission());
    expect(result).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(counts(wise)).to.deep.equal([0, 0, 0]);
  });

  it('is unavailable within its timeout while the step store does not answer', async () => {
    const wise = new ScriptedWise();
    const silent = {
      recorded: () => new Promise<never>(() => {}),
      record: () => new Promise<never>(() => {}),
    };
    const result = await wiseRail(wise, { clock, steps: silent, timeoutMs: 50 }).submit(submission());
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('timed out');
    expect(counts(wise)).to.deep.equal([0, 0, 0]);
  });

  it('funds an SCA-protected transfer by signing the one-time token Wise answers with', async () => {
    const wise = new ScriptedWise();
    const keys = scaKeyPair();
    wise.scaPublicKey = keys.publicKey;
    const result = await wiseRail(wise, { clock, scaPrivateKey: keys.privatePem }).submit(submission());
    expect(result).to.deep.equal({ kind: 'ACCEPTED', reference: '50000001' });
    expect(wise.oneTimeTokens).to.have.length(1);
    expect(wise.fundings(WITHDRAWAL_ID)).to.equal(1);
  });

  it('reads a key written on one line, as a .env file carries it', async () => {
    const wise = new ScriptedWise();
    const keys = scaKeyPair();
    wise.scaPublicKey = keys.publicKey;
    const oneLine = keys.privatePem.trim().replaceAll('\n', '\\n');
    expect((await wiseRail(wise, { clock, scaPrivateKey: oneLine }).submit(submission())).kind).to.equal(
      'ACCEPTED',
    );
  });

  it('leaves an SCA-protected funding unavailable without a key, or with a key Wise does not know', async () => {
    const wise = new ScriptedWise();
    wise.scaPublicKey = scaKeyPair().publicKey;
    const unsigned = await wiseRail(wise, { clock }).submit(submission());
    expect(unsigned).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(unsigned.kind === 'UNAVAILABLE' && unsigned.detail).to.include('WISE_SCA_PRIVATE_KEY');
    const stranger = scaKeyPair().privatePem;
    const wrong = await wiseRail(wise, { clock, scaPrivateKey: stranger }).submit(retry(2));
    expect(wrong.kind === 'UNAVAILABLE' && wrong.detail).to.include('refused the signed SCA approval');
    expect(wise.fundings(WITHDRAWAL_ID), 'never funded unsigned').to.equal(0);
  });

  it("fills the route's transfer requirements from configuration, asking again where a value brings more", async () => {
    const wise = new ScriptedWise();
    wise.requirements = (details) => [
      {
        type: 'transfer',
        fields: [
          { name: 'Reference', group: [requirementField('reference', { required: false, maxLength: 10 })] },
          {
            name: 'Purpose',
            group: [
              requirementField('transferPurpose', {
                values: ['verification.transfers.purpose.pay.bills'],
                refresh: true,
              }),
            ],
          },
          ...(details.transferPurpose
            ? [{ name: 'Source of funds', group: [requirementField('sourceOfFunds')] }]
            : []),
        ],
      },
    ];
    const transferDetails = {
      transferPurpose: 'verification.transfers.purpose.pay.bills',
      sourceOfFunds: 'verification.source.of.funds.other',
    };
    const result = await wiseRail(wise, { clock, transferDetails }).submit(submission());
    expect(result.kind).to.equal('ACCEPTED');
    const transfer = wise.requests.find((request) => request.step === 'transfer');
    expect(JSON.parse(transfer!.raw).details).to.deep.equal({ reference: 'Payout 0b6', ...transferDetails });
    expect(wise.requests.filter((request) => request.step === 'requirements')).to.have.length(2);
  });

  it('makes no transfer while a required field is not configured, or configured to a value Wise does not allow', async () => {
    const wise = new ScriptedWise();
    wise.requirements = () => [
      {
        type: 'transfer',
        fields: [{ name: 'Purpose', group: [requirementField('transferPurpose', { values: ['a'] })] }],
      },
    ];
    const missing = await wiseRail(wise, { clock }).submit(submission());
    expect(missing.kind === 'UNAVAILABLE' && missing.detail).to.include('requires transferPurpose');
    const refused = await wiseRail(wise, { clock, transferDetails: { transferPurpose: 'b' } }).submit(
      submission(),
    );
    expect(refused.kind === 'UNAVAILABLE' && refused.detail).to.include(
      'does not allow the configured transferPurpose',
    );
    expect(wise.created).to.equal(0);
  });
});
