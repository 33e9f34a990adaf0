import type { LinkKind } from '../../linked-account/link-kind.js';
import { type DomainError, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';

type Data = Readonly<Record<string, unknown>>;
type Check = (data: Data, now: Date) => DomainError | null;

const str = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= 200;
const field =
  (name: string, message?: string): Check =>
  (data) =>
    str(data[name]) ? null : validationError(`data.${name}`, message ?? `data.${name} is required`);
const oneOf =
  (name: string, values: readonly string[], required = true): Check =>
  (data) => {
    if (!required && data[name] === undefined) return null;
    return values.includes(data[name] as string)
      ? null
      : validationError(`data.${name}`, `data.${name} must be one of ${values.join(', ')}`);
  };
const email: Check = (data) =>
  typeof data.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(data.email) && data.email.length <= 254
    ? null
    : validationError('data.email', 'data.email must be an email address');
/** A name: firstName + lastName, or name (docs/product.md §4). */
const personName: Check = (data) =>
  (str(data.firstName) && str(data.lastName)) || str(data.name)
    ? null
    : validationError('data.name', 'data.firstName and data.lastName, or data.name, are required');

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number) as number[];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export function isLuhn(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let digit = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const routing: Check = (data) =>
  typeof data.routingNumber === 'string' && isAbaRoutingNumber(data.routingNumber)
    ? null
    : validationError('data.routingNumber', 'data.routingNumber must be a valid 9-digit ABA routing number');
const bankAccountNumber: Check = (data) =>
  typeof data.accountNumber === 'string' && /^\d{4,17}$/.test(data.accountNumber)
    ? null
    : validationError('data.accountNumber', 'data.accountNumber must be 4 to 17 digits');
const cardNumber: Check = (data) =>
  typeof data.cardNumber === 'string' && /^\d{13,19}$/.test(data.cardNumber) && isLuhn(data.cardNumber)
    ? null
    : validationError('data.cardNumber', 'data.cardNumber must be 13 to 19 digits with a valid check digit');
const cardExpiry: Check = (data, now) => {
  const month = Number(data.expMonth);
  const year = Number(data.expYear);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    return validationError('data.expMonth', 'data.expMonth must be 1 to 12');
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    return validationError('data.expYear', 'data.expYear must be a four-digit year');
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() ? null : validationError('data.expYear', 'the card has expired');
};
const internationalName: Check = (data) => {
  if (data.recipientType === 'business')
    return field('name', 'data.name is required for a business recipient')(data, new Date(0));
  return str(data.firstName) && str(data.lastName)
    ? null
    : validationError(
        'data.firstName',
        'data.firstName and data.lastName are required for a personal recipient',
      );
};
const swift: Check = (data) =>
  typeof data.swiftOrBic === 'string' && /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(data.swiftOrBic)
    ? null
    : validationError('data.swiftOrBic', 'data.swiftOrBic must be an 8 or 11 character BIC');
const ibanOrAccount: Check = (data) =>
  typeof data.accountNumber === 'string' && /^[A-Z0-9]{4,34}$/.test(data.accountNumber.replace(/\s/g, ''))
    ? null
    : validationError(
        'data.accountNumber',
        'data.accountNumber must be an IBAN or account number of 4 to 34 characters',
      );
const country: Check = (data) =>
  typeof data.recipientCountry === 'string' && /^[A-Z]{2}$/.test(data.recipientCountry)
    ? null
    : validationError('data.recipientCountry', 'data.recipientCountry must be an ISO 3166-1 alpha-2 code');

const RULES: Readonly<Record<LinkKind, readonly Check[]>> = {
  international_bank: [
    oneOf('recipientType', ['personal', 'business']),
    internationalName,
    email,
    ibanOrAccount,
    swift,
    field('bankName'),
    field('recipientAddress'),
    field('recipientCity'),
    field('recipientState'),
    country,
    field('recipientPostalCode'),
  ],
  zelle: [field('username')],
  paypal: [
    personName,
    email,
    field('username'),
    oneOf('paypalDestinationType', ['EMAIL', 'PHONE', 'PAYPAL_ID'], false),
  ],
  venmo: [personName, email, field('username')],
  prepaid_card: [personName, email, oneOf('recipientType', ['personal', 'business'], false)],
  bank: [
    field('accountHolderName'),
    routing,
    bankAccountNumber,
    oneOf('accountType', ['checking', 'savings']),
  ],
  card: [cardNumber, cardExpiry, field('cardholderName')],
};

/** Checks a link body; the first failing field is reported. */
export function validateLinkBody(
  kind: LinkKind,
  body: Data,
  now: Date,
): Result<{ label: string; data: Data }, DomainError> {
  if (!str(body.label)) return err(validationError('label', 'label is required'));
  const data = body.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return err(validationError('data', 'data must be an object'));
  for (const check of RULES[kind]) {
    const problem = check(data as Data, now);
    if (problem) return err(problem);
  }
  return ok({ label: body.label as string, data: data as Data });
}
