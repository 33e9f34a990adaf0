import { createPrivateKey, type KeyObject, sign } from 'node:crypto';

/**
 * Wise's strong customer authentication of a protected call (the funding of a transfer from a UK or EEA profile's
 * balance): the call is answered 403 with a one-time token in `x-2fa-approval`; the same call is made again with
 * that token and its signature, RSA-SHA256 with the private key whose public half was uploaded to Wise, base64, in
 * `X-Signature` (docs.wise.com, "Strong Customer Authentication", personal token SCA; transferwise/digital-
 * signatures-examples).
 */
export const ONE_TIME_TOKEN_HEADER = 'x-2fa-approval';
const SIGNATURE_HEADER = 'x-signature';

/** The PEM private key as Node reads it; a `\n` written as two characters (a one-line .env value) is a line break. */
export const scaKeyOf = (pem: string): KeyObject => createPrivateKey(pem.replaceAll('\\n', '\n').trim());

/** The headers that approve the retried call: the one-time token and its signature. */
export function approvalHeaders(oneTimeToken: string, key: KeyObject): Record<string, string> {
  const signature = sign('sha256', Buffer.from(oneTimeToken, 'ascii'), key).toString('base64');
  return { [ONE_TIME_TOKEN_HEADER]: oneTimeToken, [SIGNATURE_HEADER]: signature };
}
