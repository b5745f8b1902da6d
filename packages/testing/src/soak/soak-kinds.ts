import {
  AbortError,
  type AgentEvent,
  type ChatStream,
  type MemoryProvider,
  TimeoutError,
  type ToolCall,
} from '@aigo/ai';
import type { SlowSoakToolContext } from './slow-soak-tool.js';
import { between, soakText } from './soak-text.js';

/** One way a soak call ends. `run` resolves to `undefined` when the call ended as the kind expects. */
export interface SoakKind {
  readonly name: string;
  /**
   * Makes one call and stops it where `random` says; resolves to `undefined` when it ended as the
   * kind expects, else to what happened instead. Never rejects. `id` names the call (to the server's
   * `hold:<id>`, when the kinds were given `held`).
   */
  run(random: () => number, id: string): Promise<string | undefined>;
}

/** The options of one streamed soak call (an `@aigo/client` client's `streamMessage` takes them). */
export interface SoakCallOptions {
  readonly model: string;
  readonly signal: AbortSignal;
  readonly timeoutMs?: number;
  readonly memory: MemoryProvider | null;
}

/** What the kinds call through: a client (`@aigo/client`'s `Client` is one) with `slowSoakTool()`. */
export interface SoakClient {
  streamMessage(prompt: string, options: SoakCallOptions): Promise<ChatStream>;
  executeToolCalls(
    calls: readonly ToolCall[],
    options: { readonly signal: AbortSignal; readonly context: SlowSoakToolContext },
  ): Promise<unknown>;
}

/** A streamed agent run (`@aigo/react`'s `ReActStream` is one). */
export interface SoakAgent {
  executeStream(
    prompt: string,
    options: {
      readonly signal: AbortSignal;
      readonly context?: SlowSoakToolContext;
      readonly memory?: MemoryProvider;
    },
  ): AsyncIterable<AgentEvent<unknown>>;
}

/** Options of {@link soakKinds}. */
export interface SoakKindsOptions {
  /** A client with `slowSoakTool()` and no middleware, on a soak server. */
  readonly plain: SoakClient;
  /**
   * The client of the stalled-stream kind: the same with `timeoutMiddleware({ total, idle })` of a
   * few milliseconds idle, so a stalled stream fails by its idle limit (`random` may pick one of
   * several).
   */
  idle(random: () => number): SoakClient;
  /** A fresh conversation memory (`inMemoryMemory` of `@aigo/client`). */
  newMemory(): MemoryProvider;
  /** A signal for the whole run, never aborted: a call must leave no listener on it. */
  readonly longLived: AbortSignal;
  /**
   * Resolves once the server holds the request of model `hold:<id>` (it answers nothing, not even
   * the headers). Without it the kinds ask for model `hold` and abort after a few event-loop turns.
   */
  held?(id: string): Promise<void>;
  /** An agent whose model answers with a `slow_tool` call: adds the two agent kinds. */
  readonly agent?: SoakAgent;
}

const SHARED_MEMORIES = 4;
const PROMPT = 'Tell me about the soak.';

/** Resolves after `count` turns of the event loop (no timers). */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** `undefined` when `error` is the typed error `expected` names, else what it was. */
function expectError(
  error: unknown,
  expected: typeof AbortError | typeof TimeoutError,
  label: string,
): string | undefined {
  if (expected.isInstance(error)) return undefined;
  const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${label}: expected ${expected.name}, got ${name}`;
}

/**
 * The ways a soak call ends, each stopped by an event, never by waiting, against a soak server
 * (models: `hold`/`hold:<id>` never answers; `stall-N` sends N content chunks of `soakWord`s then
 * stalls; `full-N` sends N chunks and ends; `tool` streams one `slow_tool` call):
 *
 * - `signal-before-headers`, `timeout-before-headers` (the call's `timeoutMs`, 1–8 ms);
 * - `signal-mid-body`, `break-mid-body`, `timeout-mid-body` (the idle limit), after 1–24 chunks;
 * - `tool-execute`: `executeToolCalls` with the tool, aborted when it starts;
 * - `react-signal`, `react-break` (with `agent`): a streamed agent run aborted when its tool starts,
 *   or left with `break` at the tool's progress event;
 * - `complete`: a whole stream read to its end.
 *
 * Calls run without a memory, with a fresh one, or (the aborted stream kinds) on one of a few shared
 * memories: a turn lock an aborted stream failed to release would hang every later call on it. Used
 * by `@aigo/openai`'s soak test and by `pnpm bench soak`.
 */
export function soakKinds(options: SoakKindsOptions): SoakKind[] {
  const { plain, longLived, held, agent } = options;
  const memories = Array.from({ length: SHARED_MEMORIES }, () => options.newMemory());
  const memoryFor = (random: () => number, shared = true): MemoryProvider | null => {
    const pick = random();
    if (pick < 0.5) return null;
    if (pick < 0.75 || !shared) return options.newMemory();
    return memories[between(random, 0, SHARED_MEMORIES - 1)] ?? null;
  };
  const holdModel = (id: string) => (held === undefined ? 'hold' : `hold:${id}`);

  /** Reads a `stall-N` stream until `stop` says so; what it read, or the error it failed with. */
  const readStalled = async (
    client: SoakClient,
    random: () => number,
    chunks: number,
    signal: AbortSignal,
    stop: (read: number) => 'abort' | 'break' | undefined,
    controller?: AbortController,
  ): Promise<{ read: number; stopped: boolean }> => {
    const stream = await client.streamMessage(PROMPT, {
      model: `stall-${chunks}`,
      signal,
      memory: memoryFor(random),
    });
    let read = 0;
    for await (const event of stream) {
      if (event.type !== 'content') continue;
      read += event.text.length;
      const action = stop(read);
      if (action === 'break') return { read, stopped: true };
      if (action === 'abort') controller?.abort();
    }
    return { read, stopped: false };
  };

  const kinds: SoakKind[] = [
    {
      name: 'signal-before-headers',
      async run(random, id) {
        const controller = new AbortController();
        // Handled from the start: the call may fail before the abort (it must not, but if it does
        // that is an outcome to report, not an unhandled rejection).
        const outcome = plain
          .streamMessage(PROMPT, {
            model: holdModel(id),
            signal: controller.signal,
            memory: memoryFor(random),
          })
          .then(
            () => 'resolved to a stream though the server never answered',
            (error: unknown) => expectError(error, AbortError, 'streamMessage'),
          );
        if (held === undefined) await turns(between(random, 0, 4));
        else await Promise.race([held(id), outcome]);
        controller.abort();
        return outcome;
      },
    },
    {
      name: 'timeout-before-headers',
      async run(random, id) {
        return plain
          .streamMessage(PROMPT, {
            model: holdModel(id),
            timeoutMs: between(random, 1, 8),
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
      name: 'signal-mid-body',
      async run(random) {
        const chunks = between(random, 1, 24);
        const stopAt = soakText(between(random, 1, chunks)).length;
        const controller = new AbortController();
        try {
          const { read } = await readStalled(
            plain,
            random,
            chunks,
            controller.signal,
            (read) => (read >= stopAt ? 'abort' : undefined),
            controller,
          );
          return `the stream ended after ${read} characters without an error`;
        } catch (error) {
          return expectError(error, AbortError, 'the aborted stream');
        }
      },
    },
    {
      name: 'break-mid-body',
      async run(random) {
        const chunks = between(random, 1, 24);
        const stopAt = soakText(between(random, 1, chunks)).length;
        try {
          const { read, stopped } = await readStalled(plain, random, chunks, longLived, (read) =>
            read >= stopAt ? 'break' : undefined,
          );
          return stopped ? undefined : `the stream ended after ${read} characters`;
        } catch (error) {
          return `the loop threw ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    },
    {
      name: 'timeout-mid-body',
      async run(random) {
        const chunks = between(random, 1, 24);
        const client = options.idle(random);
        try {
          const { read } = await readStalled(client, random, chunks, longLived, () => undefined);
          return `the stream ended after ${read} characters without an error`;
        } catch (error) {
          return expectError(error, TimeoutError, 'the stalled stream');
        }
      },
    },
    {
      name: 'tool-execute',
      async run(random) {
        const controller = new AbortController();
        try {
          const stream = await plain.streamMessage(PROMPT, {
            model: 'tool',
            signal: longLived,
            memory: memoryFor(random, false),
          });
          const reply = await stream.collect();
          if (reply.toolCalls.length !== 1) {
            return `expected one tool call, got ${reply.toolCalls.length}`;
          }
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
      name: 'complete',
      async run(random) {
        const chunks = between(random, 1, 24);
        try {
          const stream = await plain.streamMessage(PROMPT, {
            model: `full-${chunks}`,
            signal: longLived,
            memory: memoryFor(random, false),
          });
          let text = '';
          for await (const event of stream) if (event.type === 'content') text += event.text;
          const expected = soakText(chunks);
          return text === expected ? undefined : `read "${text}", expected "${expected}"`;
        } catch (error) {
          return `the whole stream failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    },
  ];
  if (agent !== undefined) kinds.splice(6, 0, ...agentKinds(agent, memoryFor, longLived));
  return kinds;
}

/** The two agent kinds: the run's signal aborted when its tool starts; `break` at its progress. */
function agentKinds(
  agent: SoakAgent,
  memoryFor: (random: () => number, shared?: boolean) => MemoryProvider | null,
  longLived: AbortSignal,
): SoakKind[] {
  return [
    {
      name: 'react-signal',
      async run(random) {
        const controller = new AbortController();
        const memory = memoryFor(random, false);
        const run = agent.executeStream(PROMPT, {
          signal: controller.signal,
          context: { onStart: () => controller.abort() },
          ...(memory === null ? {} : { memory }),
        });
        let last: AgentEvent<unknown> | undefined;
        for await (const event of run) last = event;
        if (last?.type !== 'error') return `the run ended with ${last?.type ?? 'no event'}`;
        const error = last.error as { stopReason?: string; message?: string };
        return error.stopReason === 'aborted'
          ? undefined
          : `the run stopped with ${error.stopReason}: ${error.message}`;
      },
    },
    {
      name: 'react-break',
      async run(random) {
        const memory = memoryFor(random, false);
        const run = agent.executeStream(PROMPT, {
          signal: longLived,
          ...(memory === null ? {} : { memory }),
        });
        for await (const event of run) {
          if (event.type === 'tool_progress') return undefined;
          if (event.type === 'error' || event.type === 'final_answer') {
            return `the run ended with ${event.type} before the tool started`;
          }
        }
        return 'the run ended without events';
      },
    },
  ];
}
