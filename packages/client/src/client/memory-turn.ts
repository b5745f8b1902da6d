import {
  AigoError,
  MemoryError,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
  type ReleaseTurn,
} from '@aigo/ai';
import type { TurnLocks } from './turn-locks.js';

/** The history a turn is built on, and the version to store it against (versioned memories). */
export interface TurnHistory {
  readonly messages: readonly Message[];
  /** The conversation's version with those messages; `undefined` when the memory has no versions. */
  readonly version: number | undefined;
}

/** The history of a call without a memory. */
export const NO_HISTORY: TurnHistory = Object.freeze({ messages: [], version: undefined });

/**
 * Takes the conversation's turn: the memory's own lock (`acquireTurn`: one per conversation id,
 * shared by every memory object of its store) when it has one, else the client's lock on this
 * memory object.
 */
export function acquireMemoryTurn(
  memory: MemoryProvider,
  locks: TurnLocks,
  signal: AbortSignal | undefined,
): Promise<ReleaseTurn> {
  if (typeof memory.acquireTurn !== 'function') return locks.acquire(memory, signal);
  try {
    return memory
      .acquireTurn(signal === undefined ? undefined : { signal })
      .then(checkRelease, failedTurn);
  } catch (error) {
    return Promise.reject(asMemoryError(error, TURN_FAILED));
  }
}

const TURN_FAILED = 'Waiting for the conversation’s turn failed';

function failedTurn(error: unknown): never {
  throw asMemoryError(error, TURN_FAILED);
}

function checkRelease(release: unknown): ReleaseTurn {
  if (typeof release !== 'function') {
    throw new MemoryError(
      'The memory’s acquireTurn() did not resolve to a release function: fix the memory (it must resolve to () => void)',
    );
  }
  return release as ReleaseTurn;
}

/** Reads the history a turn is built on: with its version when the memory has `readVersioned`. */
export async function readTurnHistory(
  memory: MemoryProvider,
  signal: AbortSignal | undefined,
): Promise<TurnHistory> {
  const options = signal === undefined ? {} : { signal };
  try {
    if (typeof memory.readVersioned !== 'function') {
      return { messages: await memory.allMessages(options), version: undefined };
    }
    const read: unknown = await memory.readVersioned(options);
    const { messages, version } = (read ?? {}) as { messages?: unknown; version?: unknown };
    if (!Array.isArray(messages) || !Number.isSafeInteger(version) || (version as number) < 0) {
      throw new MemoryError(
        'The memory’s readVersioned() did not return { messages, version } (an array and a non-negative integer): fix the memory',
      );
    }
    return { messages, version: version as number };
  } catch (error) {
    throw asMemoryError(error, 'Reading the conversation from memory failed');
  }
}

/**
 * Stores a finished turn in one `appendMessages`: against the version the history was read at and
 * with a fresh turn id when the memory is versioned (a stale version rejects with
 * `ConversationConflictError`), else as memories always were. `tokenCounts` (one per message) go
 * along for memories that store counts. The write starts synchronously (a
 * stream's finish hook calls it, and an in-process memory is updated before the consumer's loop
 * ends).
 */
export function storeTurnMessages(
  memory: MemoryProvider,
  messages: readonly Message[],
  version: number | undefined,
  tokenCounts?: readonly number[],
): Promise<void> {
  if (messages.length === 0) return Promise.resolve();
  try {
    const write =
      version === undefined
        ? tokenCounts === undefined
          ? memory.appendMessages(messages)
          : memory.appendMessages(messages, { tokenCounts })
        : memory.appendMessages(messages, versionedWrite(version, tokenCounts));
    return write.catch((error: unknown) => {
      throw asMemoryError(error, 'Storing the turn in memory failed');
    });
  } catch (error) {
    return Promise.reject(asMemoryError(error, 'Storing the turn in memory failed'));
  }
}

// Turn ids: a random prefix per process (made at the first versioned write) and a counter — unique
// across processes and cheap (a UUID per turn costs a third of a microsecond).
let turnPrefix: string | undefined;
let turnCounter = 0;

function versionedWrite(
  expectedVersion: number,
  tokenCounts: readonly number[] | undefined,
): MemoryWriteOptions {
  turnPrefix ??= `${globalThis.crypto.randomUUID()}-`;
  turnCounter += 1;
  const turnId = turnPrefix + turnCounter.toString(36);
  return tokenCounts === undefined
    ? { expectedVersion, turnId }
    : { expectedVersion, turnId, tokenCounts };
}

/** Aigo errors as they are (a conflict stays a conflict); anything else as a `MemoryError`. */
export function asMemoryError(error: unknown, message: string): unknown {
  if (AigoError.isInstance(error)) return error;
  const detail = error instanceof Error ? `: ${error.message}` : '';
  return new MemoryError(`${message}${detail}`, { cause: error });
}
