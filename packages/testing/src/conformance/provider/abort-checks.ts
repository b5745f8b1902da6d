import assert from 'node:assert/strict';
import type { ConformanceCheck } from '../conformance-check.js';
import { describe as describeError, expectRejection } from '../expect-rejection.js';
import { cutAtStallPoint } from './case-routes.js';
import { isAbortError } from './error-kinds.js';
import type { ProviderHarness } from './provider-harness.js';
import type { ProviderConformanceCase } from './provider-options.js';
import { drain, readToEnd } from './read-stream.js';

/**
 * Stalls the case's body, aborts `sendMessage` once the server has the request, and resolves with
 * its `AbortError` after the server saw the socket close.
 */
export function abortDuringSend(
  h: ProviderHarness,
  testCase: ProviderConformanceCase,
  label: string,
): Promise<unknown> {
  return h.withProvider(cutAtStallPoint(testCase, label), async (provider, server) => {
    const controller = new AbortController();
    const sending = provider.sendMessage(h.requestFor(testCase), { signal: controller.signal });
    sending.catch(() => undefined);
    await Promise.race([
      server.waitForRequests(1),
      sending.then(
        () => assert.fail('sendMessage resolved although the server stalled mid-body'),
        (error: unknown) =>
          assert.fail(`sendMessage failed before the request arrived: ${describeError(error)}`),
      ),
    ]);
    const closed = server.waitForSocketsClosed();
    controller.abort();
    const error = await expectRejection(
      () => sending,
      isAbortError,
      'sendMessage aborted mid-body',
    );
    await closed;
    return error;
  });
}

/**
 * Cancellation: an aborted signal, an abort mid-body and mid-stream, and a `break` out of the
 * stream each stop the call with `AbortError` (or quietly, for `break`) and close the connection.
 */
export function abortChecks(h: ProviderHarness): ConformanceCheck[] {
  const { text, textStream } = h.fixtures;
  return [
    {
      name: 'an already-aborted signal rejects sendMessage and streamMessage with AbortError',
      async run() {
        const routes = [
          ...cutAtStallPoint(text, 'text'),
          ...cutAtStallPoint(textStream, 'textStream'),
        ];
        await h.withProvider(routes, async (provider, server) => {
          const signal = AbortSignal.abort();
          await expectRejection(
            () => provider.sendMessage(h.requestFor(text), { signal }),
            isAbortError,
            'sendMessage with an aborted signal',
          );
          await expectRejection(
            async () =>
              readToEnd(await provider.streamMessage(h.requestFor(textStream), { signal })),
            isAbortError,
            'streamMessage with an aborted signal',
          );
          if (server.openSockets > 0) await server.waitForSocketsClosed();
        });
      },
    },
    {
      name: 'aborting sendMessage mid-body rejects with AbortError and closes the connection',
      async run() {
        await abortDuringSend(h, text, 'text');
      },
    },
    {
      name: 'aborting a stream mid-way rejects with AbortError and closes the connection',
      async run() {
        await h.withProvider(
          cutAtStallPoint(textStream, 'textStream'),
          async (provider, server) => {
            const controller = new AbortController();
            const stream = await provider.streamMessage(h.requestFor(textStream), {
              signal: controller.signal,
            });
            const closed = server.waitForSocketsClosed();
            const reading = drain(stream);
            controller.abort();
            const { error } = await reading;
            assert.ok(
              isAbortError(error),
              `the stream did not reject with AbortError: ${describeError(error)}`,
            );
            await closed;
          },
        );
      },
    },
    {
      name: 'breaking out of for await closes the connection',
      async run() {
        await h.withProvider(
          cutAtStallPoint(textStream, 'textStream'),
          async (provider, server) => {
            const stream = await provider.streamMessage(h.requestFor(textStream));
            const closed = server.waitForSocketsClosed();
            let seen = 0;
            for await (const _event of stream) {
              seen++;
              break;
            }
            assert.equal(seen, 1);
            await closed;
          },
        );
      },
    },
  ];
}
