import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The header that carries the token on state-changing requests. */
export const TOKEN_HEADER = 'x-aigo-devtools-token';

/** A new random access token: 32 bytes from the system's CSPRNG, base64url. */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `given` is the token, compared in constant time. */
export function tokenMatches(token: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
