/**
 * Polls `probe` until it returns something other than `undefined`, against real processes whose timing no test
 * controls; the failure names what never happened and the last thing seen.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  describe: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms. ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
