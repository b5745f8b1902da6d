import assert from 'node:assert/strict';
import type { ChatRequest, ProviderError, StreamProvider } from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { expectedStatus, retryAfterHeader, routesOf } from './case-routes.js';
import { isProviderError } from './error-kinds.js';
import type { ProviderHarness } from './provider-harness.js';

/** The `ProviderError`s `sendMessage` and `streamMessage` itself must reject with, labelled. */
async function bothRejections(
  provider: StreamProvider,
  request: ChatRequest,
  what: string,
  streamNote = '',
): Promise<ReadonlyArray<readonly [string, ProviderError]>> {
  const sent = (await expectRejection(
    () => provider.sendMessage(request),
    isProviderError,
    `sendMessage on ${what}`,
  )) as ProviderError;
  const streamed = (await expectRejection(
    () => provider.streamMessage(request),
    isProviderError,
    `streamMessage on ${what}${streamNote}`,
  )) as ProviderError;
  return [
    ['sendMessage', sent],
    ['streamMessage', streamed],
  ];
}

/** HTTP errors: a 401 is a non-retryable `ProviderError`, a 429 a retryable one with its delay. */
export function httpErrorChecks(h: ProviderHarness): ConformanceCheck[] {
  const { error401, error429 } = h.fixtures;
  return [
    {
      name: '401: sendMessage and streamMessage reject with ProviderError status 401 (or the recorded auth status), not retryable',
      async run() {
        await h.withProvider(routesOf(error401), async (provider) => {
          const errors = await bothRejections(
            provider,
            h.requestFor(error401),
            '401',
            ' (errors before the first byte reject streamMessage itself)',
          );
          for (const [label, error] of errors) {
            assert.equal(error.status, expectedStatus(error401, 401), `${label}: status`);
            assert.equal(
              error.retryable,
              false,
              `${label}: an authentication error is not retryable`,
            );
          }
        });
      },
    },
    {
      name: '429: sendMessage and streamMessage reject with a retryable ProviderError, retryAfterMs from Retry-After',
      async run() {
        const header = retryAfterHeader(error429);
        const expected =
          error429.expect?.retryAfterMs ??
          (header !== undefined && /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : undefined);
        await h.withProvider(routesOf(error429), async (provider) => {
          for (const [label, error] of await bothRejections(
            provider,
            h.requestFor(error429),
            '429',
          )) {
            assert.equal(error.status, expectedStatus(error429, 429), `${label}: status`);
            assert.equal(error.retryable, true, `${label}: a 429 is retryable`);
            if (expected !== undefined) {
              assert.equal(
                error.retryAfterMs,
                expected,
                `${label}: retryAfterMs (Retry-After: ${String(header)})`,
              );
            } else if (header !== undefined) {
              assert.ok(
                typeof error.retryAfterMs === 'number' &&
                  Number.isFinite(error.retryAfterMs) &&
                  error.retryAfterMs >= 0,
                `${label}: retryAfterMs must be set from Retry-After: ${header}`,
              );
            }
          }
        });
      },
    },
  ];
}
