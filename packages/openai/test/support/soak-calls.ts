// The ways a soak call ends, each stopped by an event, never by waiting: a streamed call through
// @aigo/client + @aigo/openai against soak-server.mjs. `run` resolves to `undefined` when the call
// ended as its kind expects, else to what happened instead; it never rejects.
import {
  AbortError,
  type MemoryProvider,
  TimeoutError,
  type Tool,
  type ToolCallOptions,
} from '@aigo/ai';
import { type Client, inMemoryMemory } from '@aigo/client';

/** One kind of call. */
export interface SoakKind {
  readonly name: string;
  run(random: () => number, id: string): Promise<string | undefined>;
}

/** What the kinds call through. */
export interface SoakClients {
  /** A client with the slow tool, no middleware. */
  readonly plain: Client;
  /** The same with `timeoutMiddleware({ total, idle })`: a stalled stream fails by its idle limit. */
  readonly idle: Client;
  /** Resolves once the server holds the request of model `hold:<id>`. */
  held(id: string): Promise<void>;
  /** A signal for the whole run, never aborted: calls must leave no listener on it. */
  readonly longLived: AbortSignal;
}

const WORDS = ['The', ' soak', ' keeps', ' every', ' socket', ' it', ' opens', '.'];

/** The text of the first `count` content chunks of the soak server's streams. */
export function streamedText(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += WORDS[i % WORDS.length];
  return text;
}

/** An integer in [low, high]. */
export const between = (random: () => number, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));

interface SlowToolContext {
  onStart?(): void;
}

/**
 * A tool that calls `context.onStart` when it starts and then waits for its signal: it never
 * finishes on its own, and rejects with `AbortError` when the signal aborts (the tool contract).
 */
export const slowTool: Tool<SlowToolContext> = {
  name: 'slow_tool',
  description: {
    name: 'slow_tool',
    description: 'Works until the run is cancelled',
    parameters: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] },
  },
  metrics: undefined,
  call(_argumentsJson: string, options?: ToolCallOptions<SlowToolContext>): Promise<string> {
    return new Promise((_resolve, reject) => {
      const signal = options?.signal;
      options?.context?.onStart?.();
      if (signal === undefined) return;
      if (signal.aborted) reject(AbortError.fromSignal(signal));
      else
        signal.addEventListener('abort', () => reject(AbortError.fromSignal(signal)), {
          once: true,
        });
    });
  },
};

function expectError(
  error: unknown,
  expected: typeof AbortError | typeof TimeoutError,
  label: string,
): string | undefined {
  if (expected.isInstance(error)) return undefined;
  return `${label}: expected ${expected.name}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
}

/**
 * The kinds: before the headers (by signal, by the call's deadline), mid-body (by signal, by
 * `break`, by the idle limit of `timeoutMiddleware`), while a tool runs (`executeToolCalls`), and a
 * stream read to its end. The aborted streams run without a memory or on one of a few shared ones
 * (a turn lock an aborted stream kept would stop every later call on it).
 */
export function soakKinds(clients: SoakClients): SoakKind[] {
  const { plain, idle, held, longLived } = clients;
  const shared = Array.from({ length: 3 }, () => inMemoryMemory());
  const memoryFor = (random: () => number): MemoryProvider | null =>
    random() < 0.5 ? null : (shared[between(random, 0, shared.length - 1)] ?? null);
  const prompt = 'Tell me about the soak.';

  return [
    {
      name: 'signal before the headers',
      async run(random, id) {
        const controller = new AbortController();
        const outcome = plain
          .streamMessage(prompt, {
            model: `hold:${id}`,
            signal: controller.signal,
            memory: memoryFor(random),
          })
          .then(
            () => 'resolved though the server never answered',
            (error: unknown) => expectError(error, AbortError, 'streamMessage'),
          );
        // Aborted once the server holds the request (or at once if the call failed before).
        await Promise.race([held(id), outcome]);
        controller.abort();
        return outcome;
      },
    },
    {
      name: 'deadline before the headers',
      async run(random, id) {
        return plain
          .streamMessage(prompt, {
            model: `hold:${id}`,
            timeoutMs: between(random, 1, 5),
            signal: longLived,
            memory: memoryFor(random),
          })
          .then(
            () => 'resolved though the server never answered',
            (error: unknown) => expectError(error, TimeoutError, 'streamMessage'),
          );
      },
    },
    {
      name: 'signal mid-body',
      async run(random) {
        const chunks = between(random, 1, 12);
        const stopAt = streamedText(between(random, 1, chunks)).length;
        const controller = new AbortController();
        let read = 0;
        try {
          const stream = await plain.streamMessage(prompt, {
            model: `stall-${chunks}`,
            signal: controller.signal,
            memory: memoryFor(random),
          });
          for await (const event of stream) {
            if (event.type !== 'content') continue;
            read += event.text.length;
            if (read >= stopAt) controller.abort();
          }
          return `the stream ended after ${read} characters without an error`;
        } catch (error) {
          return expectError(error, AbortError, 'the aborted stream');
        }
      },
    },
    {
      name: 'break mid-body',
      async run(random) {
        const chunks = between(random, 1, 12);
        const stopAt = streamedText(between(random, 1, chunks)).length;
        let read = 0;
        try {
          const stream = await plain.streamMessage(prompt, {
            model: `stall-${chunks}`,
            signal: longLived,
            memory: memoryFor(random),
          });
          for await (const event of stream) {
            if (event.type !== 'content') continue;
            read += event.text.length;
            if (read >= stopAt) break;
          }
          return read >= stopAt ? undefined : `the stream ended after ${read} characters`;
        } catch (error) {
          return `the loop threw ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    },
    {
      name: 'idle limit mid-body',
      async run(random) {
        try {
          const stream = await idle.streamMessage(prompt, {
            model: `stall-${between(random, 1, 12)}`,
            signal: longLived,
            memory: memoryFor(random),
          });
          for await (const _event of stream) {
            // read until the idle limit fails the stalled stream
          }
          return 'the stalled stream ended without an error';
        } catch (error) {
          return expectError(error, TimeoutError, 'the stalled stream');
        }
      },
    },
    {
      name: 'signal while a tool runs',
      async run() {
        const controller = new AbortController();
        try {
          const reply = await (
            await plain.streamMessage(prompt, { model: 'tool', signal: longLived, memory: null })
          ).collect();
          if (reply.toolCalls.length !== 1) return `${reply.toolCalls.length} tool calls`;
          await plain.executeToolCalls(reply.toolCalls, {
            signal: controller.signal,
            context: { onStart: () => controller.abort() },
          });
          return 'executeToolCalls resolved though the tool never finishes';
        } catch (error) {
          return expectError(error, AbortError, 'executeToolCalls');
        }
      },
    },
    {
      name: 'read to the end',
      async run(random) {
        const chunks = between(random, 1, 12);
        try {
          const stream = await plain.streamMessage(prompt, {
            model: `full-${chunks}`,
            signal: longLived,
            memory: random() < 0.5 ? null : inMemoryMemory(),
          });
          let text = '';
          for await (const event of stream) if (event.type === 'content') text += event.text;
          return text === streamedText(chunks) ? undefined : `read "${text}"`;
        } catch (error) {
          return `the whole stream failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    },
  ];
}
