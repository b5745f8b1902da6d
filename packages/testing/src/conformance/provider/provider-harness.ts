import assert from 'node:assert/strict';
import { type ChatRequest, type ChatResponse, type StreamProvider, userMessage } from '@aigo/ai';
import type { RecordedRoute } from '../../server/recorded-route.js';
import { type RecordedServer, startRecordedServer } from '../../server/recorded-server.js';
import { expectRejection } from '../expect-rejection.js';
import { routesOf } from './case-routes.js';
import { isProviderError } from './error-kinds.js';
import type {
  ProviderConformanceCase,
  ProviderConformanceFixtures,
  ProviderConformanceOptions,
} from './provider-options.js';

/** What every provider check runs with: the suite's options and a fresh server and provider per run. */
export interface ProviderHarness {
  readonly apiKey: string;
  readonly model: string;
  readonly fixtures: ProviderConformanceFixtures;
  /** The suite's request (`{ model, messages: [user "Hello"] }`) with the case's merged over it. */
  requestFor(testCase: ProviderConformanceCase): ChatRequest;
  /** Starts a recorded server with `routes` and a provider on it, runs `run`, closes both. */
  withProvider<T>(
    routes: readonly RecordedRoute[],
    run: (provider: StreamProvider, server: RecordedServer) => Promise<T>,
  ): Promise<T>;
  /** `sendMessage` on the case. */
  send(testCase: ProviderConformanceCase): Promise<ChatResponse>;
  /** `streamMessage(...).collect()` on the case. */
  collect(testCase: ProviderConformanceCase): Promise<ChatResponse>;
  /** The `ProviderError` `sendMessage` must reject with on the case. */
  failure(testCase: ProviderConformanceCase, what: string): Promise<unknown>;
}

/** The harness for `options` (already validated). */
export function providerHarness(options: ProviderConformanceOptions): ProviderHarness {
  const { apiKey, model, fixtures } = options;

  const requestFor = (testCase: ProviderConformanceCase): ChatRequest => ({
    model,
    messages: [userMessage('Hello')],
    ...testCase.request,
  });

  const withProvider = async <T>(
    routes: readonly RecordedRoute[],
    run: (provider: StreamProvider, server: RecordedServer) => Promise<T>,
  ): Promise<T> => {
    const server = await startRecordedServer(routes);
    let provider: StreamProvider | undefined;
    try {
      provider = await options.makeProvider(server.url, { apiKey, model, server });
      assert.equal(
        typeof provider?.streamMessage,
        'function',
        'makeProvider must return a StreamProvider',
      );
      return await run(provider, server);
    } finally {
      try {
        const dispose = provider?.[Symbol.asyncDispose];
        if (provider?.close !== undefined) await provider.close();
        else if (dispose !== undefined) await dispose.call(provider);
      } finally {
        await server.close();
      }
    }
  };

  return {
    apiKey,
    model,
    fixtures,
    requestFor,
    withProvider,
    send: (testCase) =>
      withProvider(routesOf(testCase), (provider) => provider.sendMessage(requestFor(testCase))),
    collect: (testCase) =>
      withProvider(routesOf(testCase), async (provider) =>
        (await provider.streamMessage(requestFor(testCase))).collect(),
      ),
    failure: (testCase, what) =>
      withProvider(routesOf(testCase), (provider) =>
        expectRejection(() => provider.sendMessage(requestFor(testCase)), isProviderError, what),
      ),
  };
}
