/** Polls until the check passes; fails with what it waited for. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not met within ${timeoutMs} ms`);
}
