/** Issues identifiers. Guarantees: every call returns a new RFC 4122 UUID string, never reused. */
export interface IdGenerator {
  next(): string;
}
