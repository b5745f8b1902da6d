import type {
  AcquireTurnOptions,
  AllMessagesOptions,
  ContextReadOptions,
  ContextWindow,
  ConversationMemory,
  MemoryStore,
  ReadyOptions,
  ReleaseTurn,
  SaveSummaryOptions,
  StoredSummary,
  VersionedMessages,
} from '@aigo/ai';
import type { PgPoolOptions } from '@aigo/pg';

/**
 * How a store reaches PostgreSQL and which tables it uses. Give `pool` or `connectionString` (the
 * pool options of `@aigo/pg`, but `poolConfig`); a pool the store creates names its connections
 * `aigo-memory-pg` unless `applicationName` says otherwise.
 */
export interface PgMemoryStoreOptions extends Omit<PgPoolOptions, 'poolConfig'> {
  /**
   * The messages table. Default `aigo_messages`. Letters, digits and underscores (not starting with
   * a digit), at most 44 characters, not ending in `_conversations`, not `aigo_migrations`; always quoted,
   * so its case is kept. The store also uses `<tableName>_conversations`, and records its version in
   * the schema's `aigo_migrations`.
   */
  readonly tableName?: string;
  /** The schema holding the tables. Default `public`. Same rules as `tableName`, at most 63 characters, not `pg_…`. */
  readonly schema?: string;
  /**
   * Create or bring the tables up to date on first use (default `true`), once per store, under an
   * advisory lock. With `false`, the first use only checks that the tables are at this release's
   * schema version and fails with a `MemoryError` saying what to do when they are not.
   */
  readonly migrate?: boolean;
  /**
   * Run the store's statements as named prepared statements (default `true`): PostgreSQL parses and
   * plans each once per connection, which is worth 20–30 % of append throughput on a busy server.
   * Set `false` behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode
   * before 1.21) or a server that shares one session between connections (PGlite over a socket).
   */
  readonly preparedStatements?: boolean;
}

/** Options of {@link pgMemory}: a store's options plus the conversation. */
export interface PgMemoryOptions extends PgMemoryStoreOptions {
  /**
   * The conversation this memory reads and writes: any non-empty string of at most 512 UTF-16 code
   * units, without NUL characters or lone surrogates (PostgreSQL text cannot hold them).
   */
  readonly conversationId: string;
}

/**
 * One conversation's memory in PostgreSQL, with every optional capability of `MemoryProvider`:
 * versioned reads and writes (`readVersioned`; `appendMessages` with `expectedVersion` and
 * `turnId`) and the store's turn lock (`acquireTurn`).
 */
export interface PgConversationMemory extends ConversationMemory {
  /** The conversation this memory reads and writes. */
  readonly conversationId: string;
  /** The messages `allMessages` reads, with the conversation's version, from one snapshot. */
  readVersioned(options?: AllMessagesOptions): Promise<VersionedMessages>;
  /**
   * Waits until no other turn on this conversation holds the store's turn lock (in this process:
   * every memory object of the store for this id shares it), then resolves to its release.
   */
  acquireTurn(options?: AcquireTurnOptions): Promise<ReleaseTurn>;
  /**
   * A bounded read: the newest messages after the summary that fit `maxTokens` by their stored
   * counts, in one indexed query whose cost does not grow with the conversation.
   */
  readContext(options: ContextReadOptions): Promise<ContextWindow>;
  /** Stores the conversation's summary (on its counter row). */
  saveSummary(summary: StoredSummary, options?: SaveSummaryOptions): Promise<void>;
}

/** What `pgMemory` returns: a conversation's memory with a store of its own, which `close()` closes. */
export interface PgMemory extends PgConversationMemory {
  /** Ends the pool created from `connectionString`; leaves a pool you passed open. Idempotent. */
  close(): Promise<void>;
}

export type { ConversationSummary, ListConversationsOptions, ReadyOptions } from '@aigo/ai';

/**
 * A store of conversations in PostgreSQL, sharing one pool and one set of tables (the
 * `MemoryStore` of `@aigo/ai`). Its memories of one conversation id share one turn lock.
 */
export interface PgMemoryStore extends MemoryStore {
  /**
   * The memory of one conversation (creating nothing until its first write). Cheap: call it per
   * request. Its `close()` is absent: the store owns the pool.
   *
   * @throws ValidationError when the id is not a usable conversation id.
   */
  conversation(conversationId: string): PgConversationMemory;
  /**
   * Connects and runs (or, with `migrate: false`, checks) the migration now. Every other method does
   * this on first use; call it at start-up to fail fast. Safe to call again: it runs once per store
   * (a failed attempt is retried by the next call).
   */
  ready(options?: ReadyOptions): Promise<void>;
  /**
   * Stops using the pool: ends it when the store created it (from `connectionString`); a pool you
   * passed stays open. Later calls reject with `MemoryError`. Idempotent.
   */
  close(): Promise<void>;
}
