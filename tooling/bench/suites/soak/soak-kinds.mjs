// The ways a soak call ends: each kind makes one streamed call through @aigo/client + @aigo/openai
// against soak-server.mjs and stops it at a point the seeded generator picks. `run(random)` resolves
// to `undefined` when the call ended the way the kind expects, or to a description of what happened
// instead; it never rejects.
//
//   signal-before-headers   the server never answers; the caller aborts after 0–4 event-loop turns
//   timeout-before-headers  the server never answers; the call's `timeoutMs` (1–8 ms) fires
//   signal-mid-body         N chunks then a stall; the caller aborts once it read 1–N chunks' text
//   break-mid-body          the same, leaving the loop with `break`
//   timeout-mid-body        the same, ended by `timeoutMiddleware`'s idle limit (2–6 ms)
//   tool-execute            a whole tool-call stream, then `client.executeToolCalls` with a tool that
//                           waits for its signal; the caller aborts when the tool starts
//   react-signal            a streamed ReAct run whose tool waits; the run's signal aborts when the
//                           tool starts
//   react-break             the same, leaving the run's loop with `break` at the tool's progress event
//   complete                a whole N-chunk stream, read to its end (the pool's sockets go back idle)
//
// Calls run without a memory, with a fresh one, or (the aborted stream kinds) on one of a few shared
// memories: a turn lock an aborted stream failed to release would hang every later call on it. Calls
// that are not stopped by a signal of their own carry `longLived`, one signal for the whole run (an
// application's shutdown signal): every listener a call adds to it must be gone when the call ends.

import { streamedText } from './soak-text.mjs';

const MEMORIES = 4;

/** An integer in [low, high], from `random`. */
export const between = (random, low, high) => low + Math.floor(random() * (high - low + 1));

/** Resolves after `turns` turns of the event loop (no timers). */
async function turns(count) {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** `undefined` when `error` is the typed error `Expected` names, else what it was. */
function expectError(error, Expected, label) {
  if (Expected.isInstance(error)) return undefined;
  const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${label}: expected ${Expected.name}, got ${name}`;
}

/**
 * The tool of the tool kinds: reports progress and calls `context.onStart` when it starts, then waits
 * until its signal aborts (it never finishes on its own).
 */
export function slowTool({ defineTool, Type }) {
  return defineTool({
    name: 'slow_tool',
    description: 'Works until the run is cancelled',
    input: Type.Object({ job: Type.String() }),
    execute: (_input, ctx) =>
      new Promise((resolve) => {
        ctx.progress({ message: 'started' });
        ctx.context?.onStart?.();
        if (ctx.signal.aborted) resolve('cancelled');
        else ctx.signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
      }),
  });
}

/**
 * The kinds, bound to the packages and clients of one soak run: `plain` (a client with the tool, no
 * middleware), `idleClients` (the same with `timeoutMiddleware({ total, idle })`, keyed by the idle
 * limit), `agent` (a ReAct agent on a client whose model answers with the tool call) and `longLived`
 * (the run's signal, never aborted).
 */
export function soakKinds({ ai, client: aigoClient, plain, idleClients, agent, longLived }) {
  const { AbortError, TimeoutError } = ai;
  const memories = Array.from({ length: MEMORIES }, () => aigoClient.inMemoryMemory());
  /**
   * No memory, a fresh one, or (`shared`, for calls whose turn is never stored) one of the shared ones:
   * an aborted stream stores nothing, so they stay empty, while a lock it failed to release would stop
   * every later call on them.
   */
  const memoryFor = (random, shared = true) => {
    const pick = random();
    if (pick < 0.5) return null;
    if (pick < 0.75 || !shared) return aigoClient.inMemoryMemory();
    return memories[between(random, 0, MEMORIES - 1)];
  };
  const prompt = 'Tell me about the soak.';

  return [
    {
      name: 'signal-before-headers',
      async run(random) {
        const controller = new AbortController();
        // Handled from the start: the call may fail before the abort (it must not, but if it does
        // that is an outcome to report, not an unhandled rejection).
        const outcome = plain
          .streamMessage(prompt, {
            model: 'hold',
            signal: controller.signal,
            memory: memoryFor(random),
          })
          .then(
            () => 'resolved to a stream though the server never answered',
            (error) => expectError(error, AbortError, 'streamMessage'),
          );
        await turns(between(random, 0, 4));
        controller.abort();
        return outcome;
      },
    },
    {
      name: 'timeout-before-headers',
      async run(random) {
        try {
          await plain.streamMessage(prompt, {
            model: 'hold',
            timeoutMs: between(random, 1, 8),
            signal: longLived,
            memory: memoryFor(random),
          });
          return 'resolved though the server never answered';
        } catch (error) {
          return expectError(error, TimeoutError, 'streamMessage');
        }
      },
    },
    {
      name: 'signal-mid-body',
      async run(random) {
        const chunks = between(random, 1, 24);
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
      name: 'break-mid-body',
      async run(random) {
        const chunks = between(random, 1, 24);
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
      name: 'timeout-mid-body',
      async run(random) {
        const chunks = between(random, 1, 24);
        const idle = idleClients.get(between(random, 2, 6));
        let read = 0;
        try {
          const stream = await idle.streamMessage(prompt, {
            model: `stall-${chunks}`,
            signal: longLived,
            memory: memoryFor(random),
          });
          for await (const event of stream) if (event.type === 'content') read += event.text.length;
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
          const reply = await (
            await plain.streamMessage(prompt, {
              model: 'tool',
              signal: longLived,
              memory: memoryFor(random, false),
            })
          ).collect();
          if (reply.toolCalls.length !== 1)
            return `expected one tool call, got ${reply.toolCalls.length}`;
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
      name: 'react-signal',
      async run(random) {
        const controller = new AbortController();
        const memory = memoryFor(random, false);
        const run = agent.executeStream(prompt, {
          signal: controller.signal,
          context: { onStart: () => controller.abort() },
          ...(memory === null ? {} : { memory }),
        });
        let last;
        for await (const event of run) last = event;
        if (last?.type !== 'error') return `the run ended with ${last?.type ?? 'no event'}`;
        return last.error?.stopReason === 'aborted'
          ? undefined
          : `the run stopped with ${last.error?.stopReason}: ${last.error?.message}`;
      },
    },
    {
      name: 'react-break',
      async run(random) {
        const memory = memoryFor(random, false);
        const run = agent.executeStream(prompt, {
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
    {
      name: 'complete',
      async run(random) {
        const chunks = between(random, 1, 24);
        try {
          const stream = await plain.streamMessage(prompt, {
            model: `full-${chunks}`,
            signal: longLived,
            memory: memoryFor(random, false),
          });
          let text = '';
          for await (const event of stream) if (event.type === 'content') text += event.text;
          const expected = streamedText(chunks);
          return text === expected ? undefined : `read "${text}", expected "${expected}"`;
        } catch (error) {
          return `the whole stream failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    },
  ];
}
