import { assertNoSecretLeak } from '../assert-no-secret-leak.js';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { cutAtStallPoint, withFault } from './case-routes.js';
import { isTypedFailure } from './error-kinds.js';
import type { ProviderHarness } from './provider-harness.js';
import { readToEnd } from './read-stream.js';

/**
 * Broken connections: closed before the response, reset mid-stream. Each gives a typed aigo error
 * (not `AbortError`, not a raw socket error) without the key.
 */
export function connectionFaultChecks(h: ProviderHarness): ConformanceCheck[] {
  const { text, textStream } = h.fixtures;
  return [
    {
      name: 'a connection closed before the response rejects with a typed error (not AbortError)',
      async run() {
        const routes = withFault(text, () => ({ kind: 'close-before-response' }), 'text');
        await h.withProvider(routes, async (provider) => {
          const error = await expectRejection(
            () => provider.sendMessage(h.requestFor(text)),
            isTypedFailure,
            'sendMessage on a closed connection',
          );
          assertNoSecretLeak(error, h.apiKey);
        });
      },
    },
    {
      name: 'a connection reset mid-stream rejects with a typed error (not AbortError)',
      async run() {
        await h.withProvider(
          cutAtStallPoint(textStream, 'textStream', 'reset'),
          async (provider) => {
            const error = await expectRejection(
              async () => readToEnd(await provider.streamMessage(h.requestFor(textStream))),
              isTypedFailure,
              'a stream whose connection was reset',
            );
            assertNoSecretLeak(error, h.apiKey);
          },
        );
      },
    },
  ];
}
