import { expect } from 'chai';
import { csvField, csvRecord } from './csv.js';

describe('CSV fields (RFC 4180, spreadsheet formulas kept as text)', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).to.equal('plain');
    expect(csvField('a,b')).to.equal('"a,b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField('two\nlines')).to.equal('"two\nlines"');
    expect(csvField('cr\rlf')).to.equal('"cr\rlf"');
    expect(csvField(null)).to.equal('');
    expect(csvField('')).to.equal('');
  });

  it('prefixes a text a spreadsheet would run as a formula, and leaves numbers as numbers', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).to.equal(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvField('+1+cmd|calc')).to.equal("'+1+cmd|calc");
    expect(csvField('-2+3')).to.equal("'-2+3");
    expect(csvField('@SUM(A1)')).to.equal("'@SUM(A1)");
    expect(csvField('\t=1')).to.equal("'\t=1");
    expect(csvField('\r=1')).to.equal('"\'\r=1"');
    expect(csvField('-12.50')).to.equal('-12.50');
    expect(csvField('1234567890123456.78')).to.equal('1234567890123456.78');
    expect(csvField('a=b')).to.equal('a=b');
  });

  it('ends each record with CRLF', () => {
    expect(csvRecord(['id', 'amount', null, true, 3])).to.equal('id,amount,,true,3\r\n');
  });
});
