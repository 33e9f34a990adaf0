import { expect } from 'chai';
import { AesGcmFieldCipher } from './aes-gcm-field-cipher.js';

const KEY_A = Buffer.alloc(32, 7);
const KEY_B = Buffer.alloc(32, 9);

describe('AesGcmFieldCipher', () => {
  const cipher = new AesGcmFieldCipher(KEY_A);

  it('decrypts what it encrypted, unicode included', () => {
    for (const text of ['', '000123456789', '{"iban":"DE89 3704 0044 0532 0130 00","name":"Zoë"}'])
      expect(cipher.decrypt(cipher.encrypt(text))).to.equal(text);
  });

  it('never yields the same ciphertext twice and never shows the plaintext', () => {
    const [a, b] = [cipher.encrypt('4111111111111111'), cipher.encrypt('4111111111111111')];
    expect(a).to.not.equal(b);
    expect(a.startsWith('v1.')).to.equal(true);
    expect(a).to.not.include('4111111111111111');
  });

  it('refuses a tampered ciphertext, a foreign key and an unknown format', () => {
    const sealed = cipher.encrypt('routing 011000015');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered)).to.throw();
    expect(() => new AesGcmFieldCipher(KEY_B).decrypt(sealed)).to.throw();
    expect(() => cipher.decrypt(`v3.${parts.slice(1).join('.')}`)).to.throw('not a field ciphertext');
    expect(() => cipher.decrypt('enc(plain)')).to.throw('not a field ciphertext');
  });

  it('on a ring, seals with the first key naming it, and opens what any listed key sealed', () => {
    const old = new AesGcmFieldCipher(KEY_A);
    const legacy = old.encrypt('legacy value');
    const before = new AesGcmFieldCipher([{ id: 'k2026a', key: KEY_A }]).encrypt('sealed by a');
    const ring = new AesGcmFieldCipher([
      { id: 'k2026b', key: KEY_B },
      { id: 'k2026a', key: KEY_A },
    ]);
    const sealed = ring.encrypt('sealed by b');
    expect(sealed.startsWith('v2.k2026b.')).to.equal(true);
    expect([ring.decrypt(legacy), ring.decrypt(before), ring.decrypt(sealed)]).to.deep.equal([
      'legacy value',
      'sealed by a',
      'sealed by b',
    ]);
    expect([ring.isCurrent(sealed), ring.isCurrent(before), ring.isCurrent(legacy)]).to.deep.equal([
      true,
      false,
      false,
    ]);
    expect(old.isCurrent(legacy), 'ENCRYPTION_KEY alone writes v1 as it always has').to.equal(true);
    const withoutA = new AesGcmFieldCipher([{ id: 'k2026b', key: KEY_B }]);
    expect(withoutA.decrypt(sealed)).to.equal('sealed by b');
    expect(() => withoutA.decrypt(before)).to.throw(
      'the field key "k2026a" that sealed this value is not configured',
    );
    expect(() => withoutA.decrypt(legacy)).to.throw('no configured field key opens this v1 ciphertext');
  });

  it('authenticates the key id: a value moved under another id does not open', () => {
    const ring = new AesGcmFieldCipher([
      { id: 'one', key: KEY_A },
      { id: 'two', key: KEY_A },
    ]);
    const sealed = ring.encrypt('x');
    expect(() => ring.decrypt(sealed.replace('v2.one.', 'v2.two.'))).to.throw('does not open');
    expect(() => new AesGcmFieldCipher([{ id: 'a b', key: KEY_A }])).to.throw('key id');
    expect(
      () =>
        new AesGcmFieldCipher([
          { id: 'a', key: KEY_A },
          { id: 'a', key: KEY_B },
        ]),
    ).to.throw('share an id');
  });

  it('takes a 32-byte key as hex or base64 and refuses any other length', () => {
    const sealed = cipher.encrypt('x');
    expect(AesGcmFieldCipher.fromText(KEY_A.toString('hex')).decrypt(sealed)).to.equal('x');
    expect(AesGcmFieldCipher.fromText(KEY_A.toString('base64')).decrypt(sealed)).to.equal('x');
    expect(() => new AesGcmFieldCipher(Buffer.alloc(16))).to.throw('32 bytes');
    expect(() => AesGcmFieldCipher.fromText('c2hvcnQ=')).to.throw('32 bytes');
  });
});
