import assert from 'node:assert/strict';
import type { RecordedRoute } from '../../server/recorded-route.js';
import { assertNoSecretLeak } from '../assert-no-secret-leak.js';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { abortDuringSend } from './abort-checks.js';
import { routesOf } from './case-routes.js';
import { isProviderError } from './error-kinds.js';
import type { ProviderHarness } from './provider-harness.js';

/** The API key appears in no error: 401, 429, abort, and a 401 whose body echoes the key. */
export function secretChecks(h: ProviderHarness): ConformanceCheck[] {
  const { error401, error429, text } = h.fixtures;
  return [
    {
      name: 'the API key never appears in errors (message, String, JSON, stack, inspect, causes)',
      async run() {
        const errors: Array<[string, unknown]> = [
          ['401', await h.failure(error401, 'sendMessage on 401')],
          ['429', await h.failure(error429, 'sendMessage on 429')],
          ['abort', await abortDuringSend(h, text, 'text')],
        ];
        for (const [label, error] of errors) {
          try {
            assertNoSecretLeak(error, h.apiKey);
          } catch (leak) {
            throw new assert.AssertionError({
              message: `${label} error: ${(leak as Error).message}`,
            });
          }
        }
      },
    },
    {
      name: 'the API key is redacted even when the server echoes it in the error body',
      async run() {
        const echo = JSON.stringify({
          error: {
            code: 401,
            message: `Incorrect API key provided: ${h.apiKey}. You can find your API key in your account settings.`,
            type: 'invalid_request_error',
            status: 'UNAUTHENTICATED',
          },
        });
        const routes = routesOf(error401).map((route): RecordedRoute => {
          const { sse: _sse, body: _body, ...rest } = route;
          return { ...rest, status: route.status ?? 401, body: echo };
        });
        await h.withProvider(routes, async (provider) => {
          const error = await expectRejection(
            () => provider.sendMessage(h.requestFor(error401)),
            isProviderError,
            'sendMessage on a 401 that echoes the key',
          );
          assertNoSecretLeak(error, h.apiKey);
        });
      },
    },
  ];
}
