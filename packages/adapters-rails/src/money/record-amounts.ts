import { Decimal } from 'decimal.js';

/**
 * ISO 4217 currencies whose minor unit is not the cent: none (0) or a thousandth (3). Every other currency a
 * provider names in minor units has two decimals.
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

const exponentOf = (currency: string): number => EXPONENTS[currency.toUpperCase()] ?? 2;

/**
 * An amount a provider gives in its currency's minor units (an integer), as decimal text in major units with the
 * currency's decimals (1230 USD is "12.30", 1230 JPY "1230"); undefined for anything but a safe integer.
 */
export function decimalOfMinorUnits(value: unknown, currency: string): string | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
  const exponent = exponentOf(currency);
  return new Decimal(value).dividedBy(new Decimal(10).pow(exponent)).toFixed(exponent);
}

/** An amount a provider writes as decimal text ("-12.30"), without its sign; undefined when it is not one. */
export function decimalOfText(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^-?\d{1,18}(\.\d{1,6})?$/.test(value)) return undefined;
  return value.replace(/^-/, '');
}

/**
 * An amount a provider writes as a JSON number (Wise's `targetValue`), as decimal text with at least the
 * currency's decimals. The number is read back as the shortest decimal that names the same double, which is the
 * literal the provider wrote for any amount of fewer than 16 significant digits; no arithmetic touches the float.
 */
export function decimalOfNumber(value: unknown, currency: string): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const exact = new Decimal(String(value));
  const exponent = exponentOf(currency);
  return exact.decimalPlaces() <= exponent ? exact.toFixed(exponent) : exact.toFixed();
}

/** `gross` less `net` as decimal text, exactly, when it is more than zero: a fee; null otherwise. */
export function positiveDifference(gross: string | undefined, net: string | undefined): string | null {
  if (gross === undefined || net === undefined) return null;
  const difference = new Decimal(gross).minus(net);
  return difference.greaterThan(0) ? difference.toFixed() : null;
}

/** A fee as decimal text when it is more than zero ("0.25"); null for none or a zero one. */
export const feeOf = (value: string | undefined): string | null =>
  value !== undefined && new Decimal(value).greaterThan(0) ? value : null;
