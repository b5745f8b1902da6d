import {
  type AllMessagesOptions,
  type ContextWindow,
  checkContextReadOptions,
  checkMemoryWriteOptions,
  checkSaveSummary,
  checkSummary,
  type MemoryWriteOptions,
  type Message,
  throwIfAborted,
  ValidationError,
  type VersionedMessages,
} from '@aigo/ai';
import { appendTurn } from './append-turn.js';
import { checkReadOptions } from './check-arguments.js';
import { decodeMessage, encodeMessages } from './message-codec.js';
import type { PgConversationMemory } from './pg-memory-options.js';
import type { PgStoreCore } from './pg-store-core.js';
import type { ReadStatements } from './statements.js';

/** `special`: NULL for a row in the current format, not escaped; else `format * 2 + escaped`. */
type MessageRow = [body: unknown, special: number | null];
/** A `readContext` row: a message row with its token count (int4; the header row has 0). */
type ContextRow = [body: unknown, special: number | null, tokens: number];

/** Decodes a bounded read: the header row `[version, last_seq, summary]`, then the messages. */
function decodeContext(rows: readonly ContextRow[]): ContextWindow {
  const [first] = rows;
  if (first === undefined || first[1] !== -1) {
    return { messages: [], tokenCounts: [], start: 1, total: 0, version: 0, summary: undefined };
  }
  const [version, lastSeq, summary] = first[0] as [string | number, string | number, unknown];
  const body = rows.slice(1);
  const total = Number(lastSeq);
  return {
    messages: decodeRows(body as unknown as MessageRow[], false),
    tokenCounts: body.map((row) => row[2]),
    start: total - body.length + 1,
    total,
    version: Number(version),
    summary: summary === null || summary === undefined ? undefined : checkSummary(summary as never),
  };
}

/**
 * Decodes the rows of a versioned read: the version row (`special` -1, first) and the messages,
 * oldest first.
 */
function decodeVersioned(rows: readonly MessageRow[]): VersionedMessages {
  const [first] = rows;
  if (first === undefined || first[1] !== -1)
    return { messages: decodeRows(rows, false), version: 0 };
  return { messages: decodeRows(rows.slice(1), false), version: Number(first[0]) };
}

function decodeRows(rows: readonly MessageRow[], newestFirst: boolean): Message[] {
  const messages = new Array<Message>(rows.length);
  const last = rows.length - 1;
  for (let index = 0; index <= last; index++) {
    const [body, special] = rows[index] as MessageRow;
    messages[newestFirst ? last - index : index] =
      special === null ? (body as Message) : decodeMessage(body, special >> 1, (special & 1) === 1);
  }
  return messages;
}

/**
 * The memory of one conversation of a store. `conversationId` must be checked already. Internal:
 * `pgMemory` and `store.conversation` hand these out.
 */
export function pgConversationMemory(
  core: PgStoreCore,
  conversationId: string,
): PgConversationMemory {
  const { statements } = core;
  const memory: PgConversationMemory = {
    conversationId,

    async appendMessages(messages: readonly Message[], options?: MemoryWriteOptions) {
      const write = checkMemoryWriteOptions(options);
      throwIfAborted(write.signal);
      const batch = encodeMessages(messages, write.tokenCounts);
      if (batch.count === 0) return;
      await appendTurn(core, conversationId, batch, write);
    },

    appendMessage(message: Message, options?: MemoryWriteOptions) {
      return memory.appendMessages([message], options);
    },

    async allMessages(options?: AllMessagesOptions) {
      const signal = options?.signal;
      throwIfAborted(signal);
      const query = checkReadOptions(options);
      if (query.limit === 0 || query.roles?.length === 0) return [];
      const { rows, window } = await readRows(statements.read, query, signal);
      return decodeRows(rows, window);
    },

    async readVersioned(options?: AllMessagesOptions) {
      const signal = options?.signal;
      throwIfAborted(signal);
      const query = checkReadOptions(options);
      // An empty window still reads the version.
      const { rows } = await readRows(
        statements.readVersioned,
        query.limit === 0 || query.roles?.length === 0
          ? { limit: 0, offset: 0, roles: undefined }
          : query,
        signal,
      );
      return decodeVersioned(rows);
    },

    async readContext(options) {
      const { maxTokens, maxMessages, signal } = checkContextReadOptions(options);
      throwIfAborted(signal);
      const rows = await core.read<ContextRow>(
        `Reading from ${core.label}`,
        statements.readContext,
        [conversationId, maxTokens, maxMessages],
        signal,
        'context',
      );
      return decodeContext(rows);
    },

    async saveSummary(summary, options) {
      const checked = checkSaveSummary(summary, options);
      const stored = await core.write(
        `Storing a summary in ${core.label}`,
        statements.saveSummary,
        [conversationId, JSON.stringify(checked)],
        options?.signal,
      );
      if (stored === 0) {
        throw new ValidationError(
          'summary.through',
          'must be the position of a stored message of this conversation',
        );
      }
    },

    acquireTurn(options) {
      if (options !== undefined && (options === null || typeof options !== 'object')) {
        return Promise.reject(new ValidationError('options', 'must be an object'));
      }
      return core.turns.acquire(conversationId, options?.signal);
    },

    async clear(options?: MemoryWriteOptions) {
      await core.transaction(
        `Clearing a conversation of ${core.label}`,
        [
          { statement: statements.deleteConversation, values: [conversationId] },
          { statement: statements.deleteMessages, values: [conversationId] },
        ],
        options?.signal,
      );
    },
  };
  /** Runs the read statement a query needs; `window` reads come newest first (plain reads only). */
  async function readRows(
    read: ReadStatements,
    query: ReturnType<typeof checkReadOptions>,
    signal: AbortSignal | undefined,
  ): Promise<{ rows: MessageRow[]; window: boolean }> {
    const { limit, offset, roles } = query;
    const operation = `Reading from ${core.label}`;
    if (limit === undefined && offset === 0) {
      const rows =
        roles === undefined
          ? await core.read<MessageRow>(
              operation,
              read.all,
              [conversationId],
              signal,
              // Whole-conversation versioned reads (a turn's history) merge under load.
              read === statements.readVersioned ? 'versioned' : undefined,
            )
          : await core.read<MessageRow>(
              operation,
              read.allOfRoles,
              [conversationId, roles],
              signal,
            );
      return { rows, window: false };
    }
    const rows =
      roles === undefined
        ? await core.read<MessageRow>(
            operation,
            read.window,
            [conversationId, limit ?? null, offset],
            signal,
          )
        : await core.read<MessageRow>(
            operation,
            read.windowOfRoles,
            [conversationId, roles, limit ?? null, offset],
            signal,
          );
    return { rows, window: true };
  }

  return memory;
}
