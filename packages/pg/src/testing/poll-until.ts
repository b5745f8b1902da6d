/**
 * Runs `probe` (a query) again and again until it returns a value: each round is a real round trip
 * to the server, so this waits for server-side state (a backend waiting on a lock, a connection
 * gone) without timers. Bounded, so a bug fails the test instead of hanging it.
 *
 * @param what - What is waited for, named in the error when it never comes.
 * @throws Error naming `what` after `rounds` rounds (default 20,000).
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  rounds = 20_000,
): Promise<T> {
  for (let round = 0; round < rounds; round++) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`gave up waiting for ${what}`);
}
