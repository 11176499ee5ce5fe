/** Polling for a condition in tests: no timed assertions, only a generous limit for a hung run. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(what: string, cond: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(100);
  }
}
