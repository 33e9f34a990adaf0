import type { SqlWrite } from './write-shapes.js';

/**
 * A merged statement's `translate`: the first member that recognises the error translates it. It may name another
 * member's row; a commit group then reruns each member alone, which names the right one.
 */
export const translatedByMembers =
  (members: readonly SqlWrite[]) =>
  (error: unknown): Error | undefined => {
    for (const member of members) {
      const translated = member.translate?.(error);
      if (translated) return translated;
    }
    return undefined;
  };
