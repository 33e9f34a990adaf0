import { err, ok, type Result } from '@payout/domain';
import { TRANSPORT_MESSAGES } from '../errors/response-envelope.js';

export interface BodyFault {
  readonly code: 'MALFORMED_JSON' | 'VALIDATION_ERROR';
  readonly message: string;
}

/** Per parsed object, the literal each of its number properties was written as (JSON.parse's `source`). */
const numberSources = new WeakMap<object, Map<string, string>>();

/** The exact JSON literal behind `holder[key]`, when `parseExactJson` read it as a number; else undefined. */
export const numberSource = (holder: object, key: string): string | undefined =>
  numberSources.get(holder)?.get(key);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL's text refuses NUL and cannot encode an unpaired surrogate, whatever field carries it. */
export const isStorableText = (text: string): boolean => !text.includes('\0') && !LONE_SURROGATE.test(text);

class UnstorableText extends Error {}

function revive(this: unknown, key: string, value: unknown, context?: { source?: string }): unknown {
  if (!isStorableText(key) || (typeof value === 'string' && !isStorableText(value)))
    throw new UnstorableText();
  if (typeof value === 'number' && context?.source !== undefined && typeof this === 'object' && this) {
    const sources = numberSources.get(this) ?? new Map<string, string>();
    sources.set(key, context.source);
    numberSources.set(this, sources);
  }
  return value;
}

const MALFORMED: BodyFault = { code: 'MALFORMED_JSON', message: TRANSPORT_MESSAGES.MALFORMED_JSON };

/**
 * JSON text to a value, as body-parser's strict mode: an object or array, `{}` for an empty body. It also keeps
 * every number's literal (see `numberSource`) so money is read exactly, and refuses text PostgreSQL cannot store.
 */
export function parseExactJson(text: string): Result<unknown, BodyFault> {
  if (text.length === 0) return ok({});
  try {
    const value: unknown = JSON.parse(text, revive);
    return typeof value === 'object' && value !== null ? ok(value) : err(MALFORMED);
  } catch (error) {
    if (error instanceof UnstorableText)
      return err({ code: 'VALIDATION_ERROR', message: TRANSPORT_MESSAGES.UNSTORABLE_BODY_TEXT });
    // The reviver recurses once per level: a body nested deeper than the stack allows overflows it.
    if (error instanceof RangeError)
      return err({ code: 'MALFORMED_JSON', message: TRANSPORT_MESSAGES.NESTED_TOO_DEEPLY });
    return err(MALFORMED);
  }
}
