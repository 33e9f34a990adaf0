/**
 * What a claim spread over groups takes of `due` (earliest first), as the PostgreSQL claim does: the first `limit`
 * items of the groups with room, then at most each group's `room` of them. The in-memory event claim follows it,
 * and so can a test's queue.
 */
export function takeWithinRoom<T>(
  due: readonly T[],
  limit: number,
  groupOf: (item: T) => string,
  room: (group: string) => number,
): T[] {
  const taken = new Map<string, number>();
  return due
    .filter((item) => room(groupOf(item)) > 0)
    .slice(0, limit)
    .filter((item) => {
      const group = groupOf(item);
      const count = (taken.get(group) ?? 0) + 1;
      taken.set(group, count);
      return count <= room(group);
    });
}
