/**
 * Middleware: layers around every model call — retries that respect `Retry-After`, deadlines that
 * really cancel, logging, and your own.
 *
 * A middleware is `{ name, send?(request, options, next), stream?(request, options, next) }`; the
 * first in the client's `middleware` list is the outermost. `@aigo/client` ships `retryMiddleware`,
 * `timeoutMiddleware`, `loggingMiddleware` and `hooksMiddleware`. A stream middleware observes a
 * stream with synchronous hooks (`stream.addHooks`) and returns the same stream — it never wraps it
 * in another async iterator.
 *
 * Offline, the scripted model first fails with a 429 (`retryable`, `retryAfterMs: 200`, as a real
 * rate limit with `Retry-After` would) and then answers; the retry middleware waits and retries.
 *
 * Run: `node dist/middleware.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { ProviderError } from '@aigo/ai';
import {
  createClient,
  loggingMiddleware,
  type Middleware,
  retryMiddleware,
  timeoutMiddleware,
} from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { pickModel, printHeader } from './shared/pick-model.js';

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .error(
      new ProviderError({
        code: 'rate_limited',
        message: 'Rate limit reached (scripted 429)',
        provider: 'fake',
        status: 429,
        retryable: true,
        retryAfterMs: 200,
      }),
    )
    .text('Hello! (This answer came on the second attempt.)')
    .text('And this one was streamed.'),
);
printHeader('Middleware', { label });

// Your own middleware: time every call, streamed or not.
const timing: Middleware = {
  name: 'timing',
  async send(request, options, next) {
    const started = performance.now();
    try {
      return await next(request, options);
    } finally {
      console.log(`[timing] send ${request.model}: ${Math.round(performance.now() - started)} ms`);
    }
  },
  async stream(request, options, next) {
    const started = performance.now();
    const stream = await next(request, options);
    // Observe the stream with hooks; return the same stream.
    stream.addHooks({
      onFinish: (response) =>
        console.log(
          `[timing] stream ${request.model}: ${Math.round(performance.now() - started)} ms, ${response.usage?.totalTokens} tokens`,
        ),
    });
    return stream;
  },
};

// A logger for loggingMiddleware: anything with info() and error() (console would do).
const logger = {
  info: (message: string, fields?: object) =>
    console.log(`[log] ${message} ${JSON.stringify(fields)}`),
  error: (message: string, fields?: object) =>
    console.log(`[log:error] ${message} ${JSON.stringify(fields)}`),
};

const client = createClient(provider, {
  defaultModel: model,
  middleware: [
    timing, // outermost: sees the whole call, retries included
    retryMiddleware({
      maxRetries: 3,
      initialBackoffMs: 100,
      onRetry: ({ retry, delayMs, error }) =>
        console.log(`[retry] retry ${retry} in ${delayMs} ms after: ${(error as Error).message}`),
    }),
    timeoutMiddleware({ total: 30_000, idle: 10_000 }), // per attempt: inside the retry
    loggingMiddleware(logger, 'minimal'), // innermost: logs every attempt
  ],
});

const answer = await client.sendMessage('Say hello.');
console.log(`answer: ${answer.content}\n`);

const stream = await client.streamMessage('Say something, streamed.');
const streamed = await stream.collect();
console.log(`streamed answer: ${streamed.content}`);
await provider.close?.();
