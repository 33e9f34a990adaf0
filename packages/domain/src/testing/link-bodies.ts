import type { LinkKind } from '../linked-account/link-kind.js';

const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

/** A valid body for every link kind (spec endpoints 2–6, docs/product.md §4 extensions). */
export const LINK_BODIES: Readonly<Record<LinkKind, Readonly<Record<string, unknown>>>> = {
  bank: {
    label: 'Checking',
    data: {
      accountHolderName: 'Ada Lovelace',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'checking',
    },
  },
  international_bank: {
    label: 'EU account',
    data: {
      ...person,
      recipientType: 'personal',
      accountNumber: 'DE89370400440532013000',
      swiftOrBic: 'DEUTDEFF',
      bankName: 'Deutsche Bank',
      recipientAddress: '1 Unter den Linden',
      recipientCity: 'Berlin',
      recipientState: 'BE',
      recipientCountry: 'DE',
      recipientPostalCode: '10115',
    },
  },
  card: {
    label: 'Visa',
    data: { cardNumber: '4111111111111111', expMonth: 12, expYear: 2099, cardholderName: 'Ada Lovelace' },
  },
  prepaid_card: { label: 'Prepaid', data: { ...person, name: 'Ada Lovelace', recipientType: 'personal' } },
  zelle: { label: 'Zelle', data: { username: 'ada@example.com' } },
  paypal: {
    label: 'PayPal',
    data: {
      ...person,
      name: 'Ada Lovelace',
      username: 'ada@paypal.example',
      paypalDestinationType: 'EMAIL',
      recipientType: 'personal',
      recipientAddress: '1 Main St',
      recipientCity: 'Springfield',
      recipientState: 'IL',
      recipientPostalCode: '62701',
    },
  },
  venmo: { label: 'Venmo', data: { ...person, name: 'Ada Lovelace', username: '@ada-lovelace' } },
};
