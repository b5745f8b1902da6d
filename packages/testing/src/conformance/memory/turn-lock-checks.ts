import assert from 'node:assert/strict';
import { AbortError, type MemoryProvider, type ReleaseTurn } from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';

/** How the turn-lock checks get memories. */
export interface TurnLockCheckContext {
  readonly fresh: () => Promise<MemoryProvider>;
  readonly forConversation: ((id: string) => MemoryProvider | Promise<MemoryProvider>) | undefined;
}

type Locking = MemoryProvider & Required<Pick<MemoryProvider, 'acquireTurn'>>;

function locking(memory: MemoryProvider): Locking {
  assert.equal(
    typeof memory.acquireTurn,
    'function',
    'the memory was declared with a turn lock (turnLock: true) but has no acquireTurn()',
  );
  return memory as Locking;
}

/** A turn request whose settlement can be looked at without waiting for it. */
function watch(pending: Promise<ReleaseTurn>) {
  const state: { release: ReleaseTurn | undefined; error: unknown } = {
    release: undefined,
    error: undefined,
  };
  const settled = pending.then(
    (release) => {
      state.release = release;
    },
    (error: unknown) => {
      state.error = error;
    },
  );
  return { state, settled };
}

/** The release function a watched turn resolved to. */
function releaseOf(watched: { state: { release: ReleaseTurn | undefined } }): ReleaseTurn {
  const release = watched.state.release;
  assert.equal(typeof release, 'function', 'acquireTurn() must resolve to a function');
  return release as ReleaseTurn;
}

/** Lets every pending promise and I/O callback run once (an event-loop turn, not a timer). */
const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The checks of the turn lock (`acquireTurn`), for memories declared `turnLock: true`. */
export function turnLockChecks(context: TurnLockCheckContext): ConformanceCheck[] {
  const checks: ConformanceCheck[] = [
    {
      name: 'turn lock: turns run one at a time, in the order they asked; releasing twice is harmless',
      async run() {
        const memory = locking(await context.fresh());
        const releaseFirst = await memory.acquireTurn();
        assert.equal(typeof releaseFirst, 'function', 'acquireTurn() must resolve to a function');
        const second = watch(memory.acquireTurn());
        const third = watch(memory.acquireTurn());
        await drain();
        assert.equal(second.state.release, undefined, 'a second turn started while the first ran');
        releaseFirst();
        releaseFirst();
        await second.settled;
        await drain();
        assert.equal(
          third.state.release,
          undefined,
          'the third turn started before the second ended',
        );
        releaseOf(second)();
        await third.settled;
        releaseOf(third)();
        // Free again: a new turn starts at once.
        (await memory.acquireTurn())();
      },
    },
    {
      name: 'turn lock: an abort while waiting rejects with AbortError and gives up the place in line',
      async run() {
        const memory = locking(await context.fresh());
        const release = await memory.acquireTurn();
        const controller = new AbortController();
        const waiting = memory.acquireTurn({ signal: controller.signal });
        const next = watch(memory.acquireTurn());
        controller.abort();
        await expectRejection(
          () => waiting,
          (error) => AbortError.isInstance(error),
          'acquireTurn aborted while waiting',
        );
        await expectRejection(
          () => memory.acquireTurn({ signal: controller.signal }),
          (error) => AbortError.isInstance(error),
          'acquireTurn with an aborted signal',
        );
        release();
        await next.settled;
        releaseOf(next)();
      },
    },
  ];
  const forConversation = context.forConversation;
  if (forConversation !== undefined) {
    checks.push({
      name: 'turn lock: memory objects of one conversation share it; other conversations do not wait',
      async run() {
        const suffix = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
        const first = locking(await forConversation(`lock-a-${suffix}`));
        const again = locking(await forConversation(`lock-a-${suffix}`));
        const other = locking(await forConversation(`lock-b-${suffix}`));
        const release = await first.acquireTurn();
        const waiting = watch(again.acquireTurn());
        // Another conversation's turn starts at once.
        (await other.acquireTurn())();
        await drain();
        assert.equal(
          waiting.state.release,
          undefined,
          'a second memory object of the conversation started a turn while the first held it',
        );
        release();
        await waiting.settled;
        releaseOf(waiting)();
      },
    });
  }
  return checks;
}
