import { expect } from 'chai';
import { JsonNumber, Money } from '../../money/money.js';
import { feeFor } from '../../policy/payout-terms.js';
import { UpdateMerchant } from './merchant-operations.use-case.js';
import { merchantWithEntity, OPERATOR, operatorDeps } from './operator-world.fixture.js';

async function setup() {
  const deps = operatorDeps();
  const { merchant } = await merchantWithEntity(deps, { entityType: 'USER', email: 'u@example.com' });
  const update = (feeOverrides: unknown) =>
    new UpdateMerchant(deps).execute(OPERATOR, merchant.id, { feeOverrides });
  const stored = () => deps.unitOfWork.state.merchants.get(merchant.id)?.feeOverrides;
  return { deps, merchant, update, stored };
}

describe('UpdateMerchant: fee overrides', () => {
  it('sets per-rail flat and percentage rules exactly, shows them, and the fee follows them', async () => {
    const { update, stored } = await setup();
    const result = await update({
      ACH: { type: 'FLAT', amount: JsonNumber.of('0.10') },
      PUSH_TO_CARD: { type: 'PERCENT', rate: '2.25', minimum: '1.00' },
      ZELLE: { type: 'FLAT', amount: JsonNumber.of('0') },
    });
    const expected = {
      ACH: { type: 'FLAT', amount: '0.10' },
      PUSH_TO_CARD: { type: 'PERCENT', rate: '2.25', minimum: '1.00' },
      ZELLE: { type: 'FLAT', amount: '0.00' },
    };
    expect(result.ok && result.value.feeOverrides).to.deep.equal(expected);
    expect(stored()).to.deep.equal(expected);
    const overrides = stored() ?? {};
    expect(feeFor('ACH', Money.of('100.00'), overrides).toString()).to.equal('0.10');
    expect(feeFor('PUSH_TO_CARD', Money.of('10.00'), overrides).toString()).to.equal('1.00');
    expect(feeFor('PUSH_TO_CARD', Money.of('1000.00'), overrides).toString()).to.equal('22.50');
    expect(feeFor('WIRE', Money.of('1000.00'), overrides).toString()).to.equal('15.00');
  });

  it('keeps the rails a later update does not name, and null gives a rail its default fee again', async () => {
    const { update, stored } = await setup();
    await update({ ACH: { type: 'FLAT', amount: '0.10' }, WIRE: { type: 'FLAT', amount: '9.99' } });
    const result = await update({ ACH: null, RTP: { type: 'PERCENT', rate: JsonNumber.of('1') } });
    expect(result.ok).to.equal(true);
    expect(stored()).to.deep.equal({
      WIRE: { type: 'FLAT', amount: '9.99' },
      RTP: { type: 'PERCENT', rate: '1' },
    });
  });

  for (const [name, input, field] of [
    ['an unknown rail', { SEPA: { type: 'FLAT', amount: '1.00' } }, 'feeOverrides'],
    ['not an object', [], 'feeOverrides'],
    ['an unknown rule type', { ACH: { type: 'TIERED' } }, 'feeOverrides.ACH'],
    [
      'a negative amount',
      { ACH: { type: 'FLAT', amount: JsonNumber.of('-0.01') } },
      'feeOverrides.ACH.amount',
    ],
    ['three decimals', { ACH: { type: 'FLAT', amount: '0.001' } }, 'feeOverrides.ACH.amount'],
    [
      'an amount as a float artefact',
      { ACH: { type: 'FLAT', amount: 0.1 + 0.2 } },
      'feeOverrides.ACH.amount',
    ],
    ['a rate over 100', { RTP: { type: 'PERCENT', rate: '100.01' } }, 'feeOverrides.RTP.rate'],
    ['a negative rate', { RTP: { type: 'PERCENT', rate: JsonNumber.of('-1') } }, 'feeOverrides.RTP.rate'],
    [
      'a rate in exponent form',
      { RTP: { type: 'PERCENT', rate: JsonNumber.of('1e-7') } },
      'feeOverrides.RTP.rate',
    ],
    ['a bad minimum', { RTP: { type: 'PERCENT', rate: '1', minimum: '-1' } }, 'feeOverrides.RTP.minimum'],
  ] as const) {
    it(`refuses ${name} and changes nothing`, async () => {
      const { deps, update, stored } = await setup();
      await update({ WIRE: { type: 'FLAT', amount: '9.99' } });
      const audited = deps.unitOfWork.state.auditLog.length;
      const result = await update(input);
      expect(!result.ok && [result.error.code, result.error.details?.field]).to.deep.equal([
        'VALIDATION_ERROR',
        field,
      ]);
      expect(stored()).to.deep.equal({ WIRE: { type: 'FLAT', amount: '9.99' } });
      expect(deps.unitOfWork.state.auditLog).to.have.length(audited);
    });
  }

  it('audits the rules it set', async () => {
    const { deps, update } = await setup();
    await update({ ACH: { type: 'FLAT', amount: '0.10' }, WIRE: null });
    expect(deps.unitOfWork.state.auditLog.at(-1)?.changes).to.deep.equal({
      feeOverrides: { ACH: { type: 'FLAT', amount: '0.10' }, WIRE: null },
    });
  });
});
