const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A JSON number as the client wrote it: the literal's own source text (what `JSON.parse` hands a reviver), so an
 * amount reaches Money digit for digit. Read through a binary double instead, `10.0000000000000001` would pass
 * as 10 and `9007199254740993` would be booked as 9007199254740992.
 */
export class JsonNumber {
  private constructor(readonly text: string) {}

  /** Throws on text that is not a JSON number literal: callers hand over what a JSON parser already read. */
  static of(text: string): JsonNumber {
    if (!JSON_NUMBER.test(text)) throw new Error(`not a JSON number: ${text.slice(0, 40)}`);
    return new JsonNumber(text);
  }
}
