/** `K` unless it is the key of an index signature whose values are `unknown`: a catch-all, not a map. */
type KnownKey<T, K extends keyof T> = string extends K
  ? unknown extends T[K]
    ? never
    : K
  : number extends K
    ? unknown extends T[K]
      ? never
      : K
    : K;

/**
 * A provider SDK's request type without its catch-all index signatures, at every depth. Increase's SDK closes its
 * params with `[k: string]: unknown`, which would let a misspelt or renamed field compile; without it, a body
 * built as `Strict<…CreateParams>` fails the build on any field the provider's definition does not name. A map
 * the definition declares (Modern Treasury's `metadata: {[key: string]: string}`) stays a map
 * (docs/decisions/0018-provider-definitions-are-the-oracle.md).
 */
export type Strict<T> = T extends readonly (infer Item)[]
  ? Strict<Item>[]
  : T extends object
    ? { [K in keyof T as KnownKey<T, K>]: Strict<T[K]> }
    : T;
