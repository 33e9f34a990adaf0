import { expect } from 'chai';
import { JsonNumber, parsePositiveAmount } from './money.js';

const read = (value: unknown, acceptStrings = false) => {
  const parsed = parsePositiveAmount(value, acceptStrings);
  return parsed.ok ? parsed.value.toString() : parsed.error;
};

describe('parsePositiveAmount', () => {
  it('takes a JSON number exactly as written', () => {
    expect(read(JsonNumber.of('9007199254740992'))).to.equal('9007199254740992.00');
    expect(read(JsonNumber.of('0.29'))).to.equal('0.29');
    expect(read(JsonNumber.of('0.01'))).to.equal('0.01');
  });

  it('refuses a JSON number no double holds exactly, rather than book it or its neighbour', () => {
    for (const text of ['9007199254740993', '99999999999999999.99', '999999999999999999.99'])
      expect(read(JsonNumber.of(text)), text).to.equal('INVALID');
    expect(read('99999999999999999.99', true)).to.equal('99999999999999999.99');
  });

  it('refuses more than the columns hold rather than letting the database overflow', () => {
    expect(read(JsonNumber.of('1000000000000000000'))).to.equal('TOO_LARGE');
    expect(read(JsonNumber.of('1e308'))).to.equal('TOO_LARGE');
    expect(read(JsonNumber.of('1e21'))).to.equal('TOO_LARGE');
  });

  it('refuses zero, negatives, extra decimals and a JS number, whose digits may already be lost', () => {
    for (const text of ['0', '-0', '-5', '0.001', '10.0000000000000001', '1e-400'])
      expect(read(JsonNumber.of(text)), text).to.equal('INVALID');
    expect(read(10)).to.equal('INVALID');
  });

  it('takes a decimal string only where the caller allows it', () => {
    expect(read('12.30')).to.equal('INVALID');
    expect(read('12.30', true)).to.equal('12.30');
    expect(read('1e3', true)).to.equal('INVALID');
    expect(read('0', true)).to.equal('INVALID');
  });
});
