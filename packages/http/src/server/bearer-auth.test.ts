import type { IncomingMessage } from 'node:http';
import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { bearerAuth } from './bearer-auth.js';

const TOKEN = 'first-token-0123456789';
const NEXT = 'second-token-0123456789';

const requestWith = (authorization?: string): IncomingMessage =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

describe('bearerAuth', () => {
  it('lets through `Bearer <token>` with one of the tokens, nothing else', () => {
    const authorize = bearerAuth([TOKEN, NEXT]);
    expect(authorize(requestWith(`Bearer ${TOKEN}`))).toBe(true);
    expect(authorize(requestWith(`bearer ${NEXT}`))).toBe(true);
    for (const header of [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Bearer ${TOKEN} ${NEXT}`,
      'Bearer ',
    ]) {
      expect(authorize(requestWith(header)), String(header)).toBe(false);
    }
  });

  it('takes one token as a string', () => {
    expect(bearerAuth(TOKEN)(requestWith(`Bearer ${TOKEN}`))).toBe(true);
  });

  it('refuses no token, a short one and one outside the token alphabet, naming it', () => {
    for (const [tokens, argument] of [
      [[], 'tokens'],
      ['short', 'tokens'],
      [[TOKEN, 'has spaces in it, sixteen+'], 'tokens[1]'],
      [[TOKEN, 42], 'tokens[1]'],
      [undefined, 'tokens'],
    ] as const) {
      let failure: unknown;
      try {
        bearerAuth(tokens as never);
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(ValidationError);
      expect((failure as ValidationError).argument).toBe(argument);
      expect((failure as ValidationError).message).not.toContain('has spaces');
    }
  });
});
