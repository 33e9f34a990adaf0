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
    expect(() => cipher.decrypt(`v2.${parts.slice(1).join('.')}`)).to.throw('not a v1 field ciphertext');
    expect(() => cipher.decrypt('enc(plain)')).to.throw('not a v1 field ciphertext');
  });

  it('takes a 32-byte key as hex or base64 and refuses any other length', () => {
    const sealed = cipher.encrypt('x');
    expect(AesGcmFieldCipher.fromText(KEY_A.toString('hex')).decrypt(sealed)).to.equal('x');
    expect(AesGcmFieldCipher.fromText(KEY_A.toString('base64')).decrypt(sealed)).to.equal('x');
    expect(() => new AesGcmFieldCipher(Buffer.alloc(16))).to.throw('32 bytes');
    expect(() => AesGcmFieldCipher.fromText('c2hvcnQ=')).to.throw('32 bytes');
  });
});
