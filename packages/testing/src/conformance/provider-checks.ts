import assert from 'node:assert/strict';
import {
  AbortError,
  AigoError,
  type ChatRequest,
  type ChatResponse,
  FINISH_REASONS,
  ProviderError,
  type StreamEvent,
  type StreamProvider,
  type ToolCall,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import type { Fault, RecordedRoute } from '../server/recorded-route.js';
import { type RecordedServer, startRecordedServer } from '../server/recorded-server.js';
import { assertNoSecretLeak } from './assert-no-secret-leak.js';
import { assertValidUsage } from './assert-valid-usage.js';
import type { ConformanceCheck } from './conformance-check.js';
import { describe as describeError, expectRejection } from './expect-rejection.js';
import { sseStallPoint } from './stall-point.js';

/** What a case expects of the answer; everything is optional. */
export interface ProviderCaseExpectation {
  /** The answer's text: equal to a string, or matching a RegExp. Default: any non-empty text. */
  readonly content?: string | RegExp;
  /** The name of the first tool call. */
  readonly toolName?: string;
  /**
   * For `error401` and `error429`: the status the `ProviderError` must carry. Default: the route's
   * `status`, else 401 / 429 (Gemini answers a bad key with 400 `API_KEY_INVALID`, say).
   */
  readonly status?: number;
  /**
   * The `retryAfterMs` a 429 must carry. Default: derived from the route's `Retry-After` header
   * when it holds seconds; unchecked when the route has no such header.
   */
  readonly retryAfterMs?: number;
}

/** One recorded exchange: the routes the server answers with, and what the answer must be. */
export interface ProviderConformanceCase {
  /** The route (or routes) the recorded server serves for this case, e.g. from `fixtureRoute`. */
  readonly routes: RecordedRoute | readonly RecordedRoute[];
  /** Merged over the suite's request (`{ model, messages: [user "Hello"] }`): tools, say. */
  readonly request?: Partial<ChatRequest>;
  readonly expect?: ProviderCaseExpectation;
  /**
   * For `textStream` and `text`: where the abort and break checks stall the body, in bytes. It must
   * leave at least one whole event before it. Default: the SSE event end nearest the middle (half
   * the body for a non-SSE body).
   */
  readonly stallAfterBytes?: number;
}

/** The cases every provider supplies. */
export interface ProviderConformanceFixtures {
  /** A plain text answer to `sendMessage`. */
  readonly text: ProviderConformanceCase;
  /** A plain text answer to `streamMessage` (an SSE body). */
  readonly textStream: ProviderConformanceCase;
  /** A tool call answered to `sendMessage`. */
  readonly toolCall: ProviderConformanceCase;
  /** A tool call answered to `streamMessage`. */
  readonly toolCallStream: ProviderConformanceCase;
  /** An HTTP 401 (invalid API key). */
  readonly error401: ProviderConformanceCase;
  /** An HTTP 429 (rate limited); add a `Retry-After` header to check `retryAfterMs`. */
  readonly error429: ProviderConformanceCase;
}

/** The name of one of the fixture cases. */
export type ProviderConformanceCaseName = keyof ProviderConformanceFixtures;

/**
 * Two recordings of the same exchange, one not streamed and one streamed: `collect()` of the stream
 * must deep-equal what `sendMessage` returns.
 */
export interface ProviderConformancePair {
  readonly name?: string;
  readonly send: ProviderConformanceCaseName | ProviderConformanceCase;
  readonly stream: ProviderConformanceCaseName | ProviderConformanceCase;
}

/** What `makeProvider` gets besides the base URL. */
export interface ProviderConformanceContext {
  readonly apiKey: string;
  readonly model: string;
  readonly server: RecordedServer;
}

/** What `providerConformance` tests. */
export interface ProviderConformanceOptions {
  /** Shown in the suite title. Default: the provider's id. */
  readonly name?: string;
  /**
   * A provider that talks to the recorded server. `baseURL` is its origin, `http://127.0.0.1:PORT`
   * (no path, no trailing slash): append your API's base path. The suite closes it after each check.
   */
  readonly makeProvider: (
    baseURL: string,
    context: ProviderConformanceContext,
  ) => StreamProvider | Promise<StreamProvider>;
  /** The model name put in every request. */
  readonly model: string;
  /** A fake API key; the suite checks that it is sent and that no error ever shows it. */
  readonly apiKey: string;
  readonly fixtures: ProviderConformanceFixtures;
  /** Send/stream recordings of the same exchange, for the `collect()` equals `sendMessage` check. */
  readonly pairs?: readonly ProviderConformancePair[];
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}

const CASE_NAMES: readonly ProviderConformanceCaseName[] = [
  'text',
  'textStream',
  'toolCall',
  'toolCallStream',
  'error401',
  'error429',
];

const isAbortError = (error: unknown) => AbortError.isInstance(error);
const isProviderError = (error: unknown) => ProviderError.isInstance(error);
const isTypedFailure = (error: unknown) =>
  AigoError.isInstance(error) && !AbortError.isInstance(error);

function routesOf(testCase: ProviderConformanceCase): RecordedRoute[] {
  return Array.isArray(testCase.routes)
    ? [...(testCase.routes as readonly RecordedRoute[])]
    : [testCase.routes as RecordedRoute];
}

function bodyLength(route: RecordedRoute): number | undefined {
  const body = route.sse ?? route.body;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  if (body !== undefined) return Buffer.byteLength(JSON.stringify(body));
  return undefined;
}

/** The case's routes with its body route (the first with `sse`, else with `body`) given `fault`. */
function withFault(
  testCase: ProviderConformanceCase,
  fault: (route: RecordedRoute) => Fault,
  label: string,
): RecordedRoute[] {
  const routes = routesOf(testCase);
  let index = routes.findIndex((route) => route.sse !== undefined);
  if (index < 0) index = routes.findIndex((route) => route.body !== undefined);
  const target = routes[index];
  if (target === undefined) {
    throw new ValidationError(
      `fixtures.${label}.routes`,
      'needs a route with an sse or body to inject faults into',
    );
  }
  routes[index] = { ...target, fault: fault(target) };
  return routes;
}

function stallPoint(testCase: ProviderConformanceCase, route: RecordedRoute): number {
  if (testCase.stallAfterBytes !== undefined) return testCase.stallAfterBytes;
  if (route.sse !== undefined) return sseStallPoint(route.sse);
  return Math.floor((bodyLength(route) ?? 0) / 2);
}

function expectedStatus(testCase: ProviderConformanceCase, fallback: number): number {
  return (
    testCase.expect?.status ??
    routesOf(testCase).find((route) => route.status !== undefined)?.status ??
    fallback
  );
}

function retryAfterHeader(testCase: ProviderConformanceCase): string | undefined {
  for (const route of routesOf(testCase)) {
    for (const [name, value] of Object.entries(route.headers ?? {})) {
      if (name.toLowerCase() === 'retry-after') return value;
    }
  }
  return undefined;
}

function matchContent(actual: string, expected: string | RegExp | undefined, where: string): void {
  assert.equal(typeof actual, 'string', `${where}: content must be a string`);
  if (expected === undefined) {
    assert.ok(actual.length > 0, `${where}: content is empty`);
  } else if (typeof expected === 'string') {
    assert.equal(actual, expected, `${where}: content`);
  } else {
    assert.match(actual, expected, `${where}: content`);
  }
}

function assertResponseShape(response: ChatResponse, where: string): void {
  assert.ok(response !== null && typeof response === 'object', `${where}: not a response object`);
  assert.equal(typeof response.id, 'string', `${where}: id must be a string`);
  assert.equal(typeof response.model, 'string', `${where}: model must be a string`);
  assert.equal(typeof response.content, 'string', `${where}: content must be a string`);
  assert.ok(Array.isArray(response.toolCalls), `${where}: toolCalls must be an array`);
  assert.ok(
    FINISH_REASONS.includes(response.finishReason),
    `${where}: finishReason "${String(response.finishReason)}" is not one of ${FINISH_REASONS.join(', ')}`,
  );
  assertValidUsage(response.usage, `${where}: usage`);
}

function assertToolCalls(
  calls: readonly ToolCall[],
  toolName: string | undefined,
  where: string,
): void {
  assert.ok(calls.length > 0, `${where}: no tool calls`);
  for (const [index, call] of calls.entries()) {
    const at = `${where}: toolCalls[${index}]`;
    assert.equal(typeof call.id, 'string', `${at}.id must be a string`);
    assert.ok(call.id.length > 0, `${at}.id is empty`);
    assert.equal(call.type, 'function', `${at}.type`);
    assert.ok(
      typeof call.function?.name === 'string' && call.function.name.length > 0,
      `${at}.function.name is empty`,
    );
    assert.equal(
      typeof call.function.arguments,
      'string',
      `${at}.function.arguments must be a JSON string`,
    );
    try {
      JSON.parse(call.function.arguments);
    } catch {
      assert.fail(
        `${at}.function.arguments is not valid JSON: ${call.function.arguments.slice(0, 200)}`,
      );
    }
  }
  if (toolName !== undefined)
    assert.equal(calls[0]?.function.name, toolName, `${where}: the first tool's name`);
}

async function drain(
  stream: AsyncIterable<StreamEvent>,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}

function assertEventOrder(events: readonly StreamEvent[], where: string): void {
  assert.ok(events.length > 0, `${where}: the stream produced no events`);
  const finishes = events.filter((event) => event.type === 'finish').length;
  assert.equal(finishes, 1, `${where}: expected exactly one finish event, got ${finishes}`);
  assert.equal(events.at(-1)?.type, 'finish', `${where}: finish must be the last event`);
  for (const event of events) {
    if (event.type === 'usage') assertValidUsage(event.usage, `${where}: usage event`);
  }
}

/**
 * The provider conformance checks, for any runner. Each check starts its own recorded server and
 * provider, and closes both.
 */
export function providerConformanceChecks(options: ProviderConformanceOptions): ConformanceCheck[] {
  validateOptions(options);
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

  const send = (testCase: ProviderConformanceCase) =>
    withProvider(routesOf(testCase), (provider) => provider.sendMessage(requestFor(testCase)));
  const collect = (testCase: ProviderConformanceCase) =>
    withProvider(routesOf(testCase), async (provider) =>
      (await provider.streamMessage(requestFor(testCase))).collect(),
    );
  const failure = (testCase: ProviderConformanceCase, what: string) =>
    withProvider(routesOf(testCase), (provider) =>
      expectRejection(() => provider.sendMessage(requestFor(testCase)), isProviderError, what),
    );

  /** Stalls the case's body and aborts `sendMessage` once the server has the request. */
  const abortDuringSend = (testCase: ProviderConformanceCase, label: string) => {
    const routes = withFault(
      testCase,
      (route) => ({ kind: 'stall', afterBytes: stallPoint(testCase, route) }),
      label,
    );
    return withProvider(routes, async (provider, server) => {
      const controller = new AbortController();
      const sending = provider.sendMessage(requestFor(testCase), { signal: controller.signal });
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
  };

  const checks: ConformanceCheck[] = [
    {
      name: 'sendMessage returns the text answer',
      async run() {
        const response = await send(fixtures.text);
        assertResponseShape(response, 'sendMessage');
        matchContent(response.content, fixtures.text.expect?.content, 'sendMessage');
        assert.equal(response.toolCalls.length, 0, 'sendMessage: a text answer has no tool calls');
      },
    },
    {
      name: 'sendMessage sends the model and the API key in one request',
      async run() {
        await withProvider(routesOf(fixtures.text), async (provider, server) => {
          await provider.sendMessage(requestFor(fixtures.text));
          assert.equal(server.requests.length, 1, 'one call must make exactly one HTTP request');
          const wire = server.requests[0];
          assert.ok(wire !== undefined);
          assert.ok(
            wire.rawBody.includes(model) || decodeURIComponent(wire.path).includes(model),
            `the model "${model}" is neither in the request body nor in its path`,
          );
          const carriers = [...Object.values(wire.headers), ...Object.values(wire.query)];
          assert.ok(
            carriers.some((value) => value.includes(apiKey)),
            'the API key is in no request header and no query parameter',
          );
        });
      },
    },
    {
      name: 'streamMessage streams the text answer, finish last',
      async run() {
        await withProvider(routesOf(fixtures.textStream), async (provider) => {
          const { events, error } = await drain(
            await provider.streamMessage(requestFor(fixtures.textStream)),
          );
          assert.equal(error, undefined, `the stream failed: ${describeError(error)}`);
          assertEventOrder(events, 'streamMessage');
          const content = events
            .map((event) => (event.type === 'content' ? event.text : ''))
            .join('');
          matchContent(content, fixtures.textStream.expect?.content, 'streamMessage');
          const collected = await (
            await provider.streamMessage(requestFor(fixtures.textStream))
          ).collect();
          assertResponseShape(collected, 'streamMessage collect()');
          assert.equal(
            collected.content,
            content,
            'collect() content differs from the streamed deltas',
          );
        });
      },
    },
    {
      name: 'sendMessage returns tool calls (name, JSON arguments, id)',
      async run() {
        const response = await send(fixtures.toolCall);
        assertResponseShape(response, 'sendMessage');
        assertToolCalls(response.toolCalls, fixtures.toolCall.expect?.toolName, 'sendMessage');
        assert.equal(response.finishReason, 'tool_calls', 'sendMessage: finishReason');
      },
    },
    {
      name: 'streamMessage returns tool calls (name, JSON arguments, id)',
      async run() {
        await withProvider(routesOf(fixtures.toolCallStream), async (provider) => {
          const { events, error } = await drain(
            await provider.streamMessage(requestFor(fixtures.toolCallStream)),
          );
          assert.equal(error, undefined, `the stream failed: ${describeError(error)}`);
          assertEventOrder(events, 'streamMessage');
          assert.ok(
            events.some((event) => event.type === 'tool_call_delta'),
            'no tool_call_delta event',
          );
          const collected = await (
            await provider.streamMessage(requestFor(fixtures.toolCallStream))
          ).collect();
          assertResponseShape(collected, 'streamMessage collect()');
          assertToolCalls(
            collected.toolCalls,
            fixtures.toolCallStream.expect?.toolName,
            'streamMessage collect()',
          );
          assert.equal(
            collected.finishReason,
            'tool_calls',
            'streamMessage collect(): finishReason',
          );
        });
      },
    },
    {
      name: 'usage counts are non-negative integers (never NaN), cached ⊆ prompt, reasoning ⊆ completion',
      async run() {
        const responses: Array<[string, ChatResponse]> = [
          ['text', await send(fixtures.text)],
          ['toolCall', await send(fixtures.toolCall)],
          ['textStream', await collect(fixtures.textStream)],
          ['toolCallStream', await collect(fixtures.toolCallStream)],
        ];
        for (const [label, response] of responses) {
          assertValidUsage(response.usage, `${label}: usage`);
          for (const key of ['promptTokens', 'completionTokens', 'totalTokens'] as const) {
            const value = response.usage?.[key];
            assert.ok(
              value === undefined || Number.isFinite(value),
              `${label}: usage.${key} is ${String(value)}`,
            );
          }
        }
      },
    },
    {
      name: 'an already-aborted signal rejects sendMessage and streamMessage with AbortError',
      async run() {
        const routes = [
          ...withFault(
            fixtures.text,
            (route) => ({ kind: 'stall', afterBytes: stallPoint(fixtures.text, route) }),
            'text',
          ),
          ...withFault(
            fixtures.textStream,
            (route) => ({ kind: 'stall', afterBytes: stallPoint(fixtures.textStream, route) }),
            'textStream',
          ),
        ];
        await withProvider(routes, async (provider, server) => {
          const signal = AbortSignal.abort();
          await expectRejection(
            () => provider.sendMessage(requestFor(fixtures.text), { signal }),
            isAbortError,
            'sendMessage with an aborted signal',
          );
          await expectRejection(
            async () => {
              const stream = await provider.streamMessage(requestFor(fixtures.textStream), {
                signal,
              });
              const { error } = await drain(stream);
              if (error !== undefined) throw error;
            },
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
        await abortDuringSend(fixtures.text, 'text');
      },
    },
    {
      name: 'aborting a stream mid-way rejects with AbortError and closes the connection',
      async run() {
        const testCase = fixtures.textStream;
        const routes = withFault(
          testCase,
          (route) => ({ kind: 'stall', afterBytes: stallPoint(testCase, route) }),
          'textStream',
        );
        await withProvider(routes, async (provider, server) => {
          const controller = new AbortController();
          const stream = await provider.streamMessage(requestFor(testCase), {
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
        });
      },
    },
    {
      name: 'breaking out of for await closes the connection',
      async run() {
        const testCase = fixtures.textStream;
        const routes = withFault(
          testCase,
          (route) => ({ kind: 'stall', afterBytes: stallPoint(testCase, route) }),
          'textStream',
        );
        await withProvider(routes, async (provider, server) => {
          const stream = await provider.streamMessage(requestFor(testCase));
          const closed = server.waitForSocketsClosed();
          let seen = 0;
          for await (const _event of stream) {
            seen++;
            break;
          }
          assert.equal(seen, 1);
          await closed;
        });
      },
    },
    {
      name: '401: sendMessage and streamMessage reject with ProviderError status 401 (or the recorded auth status), not retryable',
      async run() {
        await withProvider(routesOf(fixtures.error401), async (provider) => {
          const request = requestFor(fixtures.error401);
          const sent = (await expectRejection(
            () => provider.sendMessage(request),
            isProviderError,
            'sendMessage on 401',
          )) as ProviderError;
          const streamed = (await expectRejection(
            () => provider.streamMessage(request),
            isProviderError,
            'streamMessage on 401 (errors before the first byte reject streamMessage itself)',
          )) as ProviderError;
          for (const [label, error] of [
            ['sendMessage', sent],
            ['streamMessage', streamed],
          ] as const) {
            assert.equal(error.status, expectedStatus(fixtures.error401, 401), `${label}: status`);
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
        const testCase = fixtures.error429;
        const header = retryAfterHeader(testCase);
        const expected =
          testCase.expect?.retryAfterMs ??
          (header !== undefined && /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : undefined);
        await withProvider(routesOf(testCase), async (provider) => {
          const request = requestFor(testCase);
          const sent = (await expectRejection(
            () => provider.sendMessage(request),
            isProviderError,
            'sendMessage on 429',
          )) as ProviderError;
          const streamed = (await expectRejection(
            () => provider.streamMessage(request),
            isProviderError,
            'streamMessage on 429',
          )) as ProviderError;
          for (const [label, error] of [
            ['sendMessage', sent],
            ['streamMessage', streamed],
          ] as const) {
            assert.equal(error.status, expectedStatus(testCase, 429), `${label}: status`);
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
    {
      name: 'a connection closed before the response rejects with a typed error (not AbortError)',
      async run() {
        const routes = withFault(fixtures.text, () => ({ kind: 'close-before-response' }), 'text');
        await withProvider(routes, async (provider) => {
          const error = await expectRejection(
            () => provider.sendMessage(requestFor(fixtures.text)),
            isTypedFailure,
            'sendMessage on a closed connection',
          );
          assertNoSecretLeak(error, apiKey);
        });
      },
    },
    {
      name: 'a connection reset mid-stream rejects with a typed error (not AbortError)',
      async run() {
        const testCase = fixtures.textStream;
        const routes = withFault(
          testCase,
          (route) => ({ kind: 'reset', afterBytes: stallPoint(testCase, route) }),
          'textStream',
        );
        await withProvider(routes, async (provider) => {
          const error = await expectRejection(
            async () => {
              const { error: streamError } = await drain(
                await provider.streamMessage(requestFor(testCase)),
              );
              if (streamError !== undefined) throw streamError;
            },
            isTypedFailure,
            'a stream whose connection was reset',
          );
          assertNoSecretLeak(error, apiKey);
        });
      },
    },
    {
      name: 'the API key never appears in errors (message, String, JSON, stack, inspect, causes)',
      async run() {
        const errors: Array<[string, unknown]> = [
          ['401', await failure(fixtures.error401, 'sendMessage on 401')],
          ['429', await failure(fixtures.error429, 'sendMessage on 429')],
          ['abort', await abortDuringSend(fixtures.text, 'text')],
        ];
        for (const [label, error] of errors) {
          try {
            assertNoSecretLeak(error, apiKey);
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
            message: `Incorrect API key provided: ${apiKey}. You can find your API key in your account settings.`,
            type: 'invalid_request_error',
            status: 'UNAUTHENTICATED',
          },
        });
        const routes = routesOf(fixtures.error401).map((route): RecordedRoute => {
          const { sse: _sse, body: _body, ...rest } = route;
          return { ...rest, status: route.status ?? 401, body: echo };
        });
        await withProvider(routes, async (provider) => {
          const error = await expectRejection(
            () => provider.sendMessage(requestFor(fixtures.error401)),
            isProviderError,
            'sendMessage on a 401 that echoes the key',
          );
          assertNoSecretLeak(error, apiKey);
        });
      },
    },
  ];

  for (const [index, pair] of (options.pairs ?? []).entries()) {
    const sendCase = typeof pair.send === 'string' ? fixtures[pair.send] : pair.send;
    const streamCase = typeof pair.stream === 'string' ? fixtures[pair.stream] : pair.stream;
    const label =
      pair.name ??
      (typeof pair.send === 'string' && typeof pair.stream === 'string'
        ? `${pair.send} / ${pair.stream}`
        : `pair ${index + 1}`);
    checks.push({
      name: `stream collect() deep-equals sendMessage on the same exchange (${label})`,
      async run() {
        const sent = await send(sendCase);
        const collected = await collect(streamCase);
        assert.deepStrictEqual(collected, sent);
      },
    });
  }
  return checks;
}

function validateOptions(options: ProviderConformanceOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  if (typeof options.makeProvider !== 'function') {
    throw new ValidationError(
      'options.makeProvider',
      'must be a function (baseURL) => StreamProvider',
    );
  }
  if (typeof options.model !== 'string' || options.model === '') {
    throw new ValidationError('options.model', 'must be a non-empty string');
  }
  if (typeof options.apiKey !== 'string' || options.apiKey.length < 8) {
    throw new ValidationError('options.apiKey', 'must be a fake key of at least 8 characters');
  }
  if (options.fixtures === null || typeof options.fixtures !== 'object') {
    throw new ValidationError('options.fixtures', `must hold the cases ${CASE_NAMES.join(', ')}`);
  }
  for (const name of CASE_NAMES) {
    const testCase = options.fixtures[name];
    if (testCase === null || typeof testCase !== 'object' || testCase.routes === undefined) {
      throw new ValidationError(
        `options.fixtures.${name}`,
        'must be { routes, request?, expect? }',
      );
    }
  }
  for (const [index, pair] of (options.pairs ?? []).entries()) {
    for (const side of ['send', 'stream'] as const) {
      const value = pair?.[side];
      if (
        typeof value === 'string'
          ? !CASE_NAMES.includes(value)
          : value === null || typeof value !== 'object'
      ) {
        throw new ValidationError(
          `options.pairs[${index}].${side}`,
          `must be a case name (${CASE_NAMES.join(', ')}) or a case`,
        );
      }
    }
  }
}
