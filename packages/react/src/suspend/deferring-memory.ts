import { type MemoryProvider, type MemoryWriteOptions, type Message, TurnLocks } from '@aigo/ai';

/** Turns of runs on a memory without a lock of its own, keyed by that memory object. */
const locks = new TurnLocks<MemoryProvider>();

/**
 * Decides, for a batch the client is about to store, whether to hold it back: `true` when its
 * assistant reply has calls that wait for decisions (the run suspends; the batch lives in the
 * suspended value until the run resumes).
 */
export type HoldBack = (messages: readonly Message[]) => Promise<boolean>;

/** A batch held back, with the conversation version it was to be stored against. */
export interface HeldTurn {
  readonly messages: readonly Message[];
  readonly version: number | undefined;
}

/**
 * The run's view of its memory: everything goes to `memory`, except a turn `holdBack` keeps — so
 * the stored conversation never ends in tool calls without results. `pinnedVersion` (a resumed
 * run) makes the next write expect the version the run suspended at, so a conversation that moved
 * on meanwhile rejects it with `ConversationConflictError`. A memory without a turn lock of its own
 * gets one keyed by the memory object, shared by every run of this package in the process.
 */
export class DeferringMemory {
  readonly view: MemoryProvider;
  readonly #memory: MemoryProvider;
  #held: HeldTurn | undefined;
  #pinned: number | undefined;
  #written = false;

  constructor(memory: MemoryProvider, holdBack: HoldBack, pinnedVersion: number | undefined) {
    this.#pinned = pinnedVersion;
    this.#memory = memory;
    const append = async (messages: readonly Message[], options?: MemoryWriteOptions) => {
      const pinned = this.#pinned;
      const expected =
        pinned !== undefined && options?.expectedVersion !== undefined ? pinned : undefined;
      // The suspend path: `holdBack` (`ReActLoop.holdBack`) runs inside the client's write of a
      // turn; on `true` the turn is kept in `held`, not stored, and the write returns normally —
      // `ReActLoop.#call` then finds `held` once its model call returns, and suspends the run.
      if (await holdBack(messages)) {
        this.#held = { messages, version: expected ?? options?.expectedVersion };
        return;
      }
      this.#pinned = undefined;
      await memory.appendMessages(
        messages,
        expected === undefined ? options : { ...options, expectedVersion: expected },
      );
      this.#written = true;
    };
    const view: MemoryProvider = {
      ...(memory.conversationId === undefined ? {} : { conversationId: memory.conversationId }),
      appendMessages: append,
      appendMessage: (message, options) => append([message], options),
      allMessages: (options) => memory.allMessages(options),
      clear: (options) => memory.clear(options),
      ...(typeof memory.readVersioned === 'function'
        ? {
            readVersioned: (options) =>
              (memory.readVersioned as NonNullable<MemoryProvider['readVersioned']>).call(
                memory,
                options,
              ),
          }
        : {}),
      acquireTurn:
        typeof memory.acquireTurn === 'function'
          ? (options) =>
              (memory.acquireTurn as NonNullable<MemoryProvider['acquireTurn']>).call(
                memory,
                options,
              )
          : (options) => locks.acquire(memory, options?.signal),
    };
    this.view = view;
  }

  /** True once a batch was stored through the view (a run's step knows its version moved). */
  get written(): boolean {
    return this.#written;
  }

  /** The turn held back by the last write, if it was. */
  get held(): HeldTurn | undefined {
    return this.#held;
  }

  /**
   * Ends the hold of a turn a guardrail held back (a final answer waiting for the output
   * guardrails, a first turn waiting for the parallel input guardrails): stores it whole (`all`),
   * its opening messages without the reply (`opening`: an answer a guardrail stopped), or nothing
   * (`none`) — against the version it was to be stored at.
   */
  async settle(keep: 'all' | 'opening' | 'none'): Promise<void> {
    const held = this.#held;
    if (held === undefined) return;
    this.#held = undefined;
    let messages = keep === 'none' ? [] : held.messages;
    if (keep === 'opening' && messages.at(-1)?.role === 'assistant')
      messages = messages.slice(0, -1);
    if (messages.length === 0) return;
    await this.#memory.appendMessages(
      messages,
      held.version === undefined ? undefined : { expectedVersion: held.version },
    );
    this.#pinned = undefined;
    this.#written = true;
  }
}
