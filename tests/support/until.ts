/** Polls `probe` until it returns a truthy value, or fails after the deadline. No fixed sleeps. */
export async function until<T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25, what = 'condition' } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
