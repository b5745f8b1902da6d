import { MESSAGE_FORMAT_VERSION } from '@aigo/ai';
import { fnv1a } from '@aigo/pg';
import type { TableNames } from './table-names.js';

/** A named statement: pg prepares it once per connection and reuses the plan. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/**
 * The read statements, by whether they filter roles and whether they take a window. Each returns
 * `body` and `special` (NULL, or `format * 2 + escaped` for a row in another format or escaped).
 */
export interface ReadStatements {
  /** Every message, oldest first. `$1` conversation. */
  readonly all: Statement;
  /** The newest messages first, `$2` limit (NULL: all), `$3` offset. */
  readonly window: Statement;
  /** Every message of some roles, oldest first. `$2` roles. */
  readonly allOfRoles: Statement;
  /** The newest messages of some roles first, `$2` roles, `$3` limit, `$4` offset. */
  readonly windowOfRoles: Statement;
}

/** The versioned appends, by the version they expect (same parameters as `append`, plus `$8`). */
export interface VersionedAppendStatements {
  /**
   * Stores the batch only if the conversation holds nothing (has no counter row): `INSERT … ON
   * CONFLICT DO NOTHING` on the counter; a concurrent creator makes this one wait for its commit and
   * then insert nothing. No row inserted → no messages.
   */
  readonly fromEmpty: Statement;
  /**
   * Stores the batch only if the conversation is at version `$8`: `UPDATE … WHERE version = $8` on
   * the counter row. A concurrent writer makes this one wait for the row lock, after which
   * PostgreSQL checks the condition again on the newest row version (READ COMMITTED), so of two
   * writers that read one version only the first to commit stores its batch.
   */
  readonly fromVersion: Statement;
}

/** Every statement the store runs on its tables. */
export interface Statements {
  /**
   * Appends a batch as one statement (so one implicit transaction):
   * `$1` conversation, `$2` batch size, `$3` format version, `$4` JSON array of the messages,
   * `$5` 1-based positions of the escaped ones, `$6` the turn id (NULL: none; stored on the batch's
   * first row, where the unique index `<table>_turn_key` refuses it a second time), `$7` the running
   * sums of the messages' token counts within the batch (so `$7[$2]` is the batch's tokens).
   *
   * Each row stores its `tokens` and `running_tokens`, the conversation's tokens up to and including
   * it; the counter row keeps the conversation's `total_tokens`.
   *
   * The `counter` CTE bumps the conversation's `last_seq` by the batch size (inserting the row on
   * first use) and sets its `version` to the writing transaction's id. `INSERT … ON CONFLICT DO
   * UPDATE` locks that row until commit, so concurrent appends to one conversation queue there, and
   * each one's update starts from the value the previous one committed (PostgreSQL re-reads the
   * newest row version after the wait, even in READ COMMITTED). Each batch thus owns the range
   * `last_seq - n + 1 … last_seq`, in commit order. A failed or aborted append rolls its counter
   * update back with its rows, so no number is ever skipped — which a `SEQUENCE` (not transactional)
   * cannot promise.
   */
  readonly append: Statement;
  /** Appends that check the version first (optimistic concurrency). */
  readonly appendVersioned: VersionedAppendStatements;
  /**
   * After a versioned append stored nothing: the conversation's version now (NULL: it holds
   * nothing) and whether turn `$2` is stored. `$1` conversation.
   */
  readonly turnStatus: Statement;
  readonly read: ReadStatements;
  /**
   * The read statements with the version: the same rows, oldest first, after one row that carries
   * the conversation's version (`special` = -1, `body` the version as JSON), all from one snapshot.
   */
  readonly readVersioned: ReadStatements;
  /**
   * `readVersioned.all` of several conversations at once (`$1` their ids), from one snapshot: rows
   * of `conversation_id`, `body` and `special`, each conversation's version row first, then its
   * messages, oldest first (rows of different conversations interleave).
   */
  readonly readVersionedMany: Statement;
  /** Locks and deletes the conversation's counter row. `$1` conversation. Run first, in a transaction. */
  readonly deleteConversation: Statement;
  /**
   * A bounded read (`readContext`), all from one snapshot: one header row (`special` -1, `body`
   * `[version, last_seq, summary]`) and the messages after the summary, newest back to the first
   * whose newer messages hold `$2` tokens or more (at most `$3` of them, and back to the call of a
   * leading tool result), oldest first, with their `tokens`. The window's first message is one
   * lookup on the `running_tokens` index (the first whose running sum exceeds the total minus the
   * budget), then one range of the primary key: the rows read are the rows returned (and one),
   * however long the conversation.
   */
  readonly readContext: Statement;
  /**
   * `readContext` of several conversations at once, from one snapshot: `$1` their ids, `$2` and `$3`
   * each one's `maxTokens` and `maxMessages`; rows of `conversation_id`, `body`, `special` and
   * `tokens`, conversation by conversation, each as `readContext` returns it.
   */
  readonly readContextMany: Statement;
  /** Stores the summary `$2` (jsonb) on the conversation `$1`; no row: nothing stored. */
  readonly saveSummary: Statement;
  /** Deletes the conversation's messages. `$1` conversation. Run second, in the same transaction. */
  readonly deleteMessages: Statement;
  /** Conversations, most recently active first. `$1` limit (NULL: all), `$2` offset. */
  readonly listConversations: Statement;
}

function statement(text: string): Statement {
  // The name is derived from the text, so two stores on one pool (other tables) never clash.
  return { name: `aigo_mem_${fnv1a(text).toString(16).padStart(8, '0')}_${text.length}`, text };
}

/** Builds the statements for one table. Names come from `tableNames`, so they are safe to paste. */
export function buildStatements(names: TableNames): Statements {
  const messages = names.messagesSql;
  const conversations = names.conversationsSql;
  // `special` is NULL for the usual row (current format, not escaped), so the driver parses one
  // column per row, not three; otherwise it is `format * 2 + escaped` (10 % faster loads).
  const special = `NULLIF(format * 2 + escaped::int, ${MESSAGE_FORMAT_VERSION * 2})`;
  const columns = `SELECT body, ${special} AS special FROM`;
  // The messages of a batch, numbered from the counter CTE's new last_seq.
  // Token counts: `$7` holds the batch's running sums, so `$7[$2]` is its total.
  const batchTokens = '($7::bigint[])[$2::int]';
  const insertBatch = `INSERT INTO ${messages} (conversation_id, seq, role, format, escaped, body, turn_id, tokens, running_tokens)
SELECT $1, counter.last_seq - $2::bigint + m.ord, m.body->>'role', $3::smallint, m.ord = ANY($5::bigint[]), m.body, CASE WHEN m.ord = 1 THEN $6::text END,
  ($7::bigint[])[m.ord] - COALESCE(($7::bigint[])[m.ord - 1], 0), counter.total_tokens - ${batchTokens} + ($7::bigint[])[m.ord]
FROM counter, jsonb_array_elements($4::jsonb) WITH ORDINALITY AS m(body, ord)`;
  // A version is the id of the transaction that made the change: never reused, never 0 (which
  // means "holds nothing"), and the same for everything one transaction writes.
  const version = 'txid_current()';
  // A read with the version: one row for the version (seq 0 sorts first), then the messages.
  const versioned = (filter: string, window: string) =>
    `SELECT body, special FROM (
  SELECT 0::bigint AS seq, to_jsonb(version) AS body, -1 AS special FROM ${conversations} WHERE conversation_id = $1
  UNION ALL
  (SELECT seq, body, ${special} AS special FROM ${messages} WHERE conversation_id = $1${filter}${window})
) AS r ORDER BY seq`;
  // A bounded read's rows, unordered (`seq` first): one header row (seq 0), then the window.
  const contextRows = (id: string, maxTokens: string, maxMessages: string) => `WITH c AS (
  SELECT version, last_seq, total_tokens, summary, COALESCE((summary->>'through')::bigint, 0) AS through
  FROM ${conversations} WHERE conversation_id = ${id}
), budget AS (
  SELECT c.through, GREATEST(
    (SELECT m.seq FROM ${messages} m
     WHERE m.conversation_id = ${id} AND m.running_tokens > c.total_tokens - ${maxTokens}
     ORDER BY m.running_tokens LIMIT 1),
    c.last_seq - ${maxMessages} + 1, c.through + 1) AS seq
  FROM c
), start AS (
  SELECT COALESCE(
    (SELECT m.seq FROM ${messages} m
     WHERE m.conversation_id = ${id} AND m.seq <= budget.seq AND m.seq > budget.through AND m.role <> 'tool'
     ORDER BY m.seq DESC LIMIT 1),
    budget.seq) AS seq
  FROM budget
)
SELECT 0::bigint AS seq, jsonb_build_array(version, last_seq, summary) AS body, -1 AS special, 0 AS tokens FROM c
UNION ALL
SELECT m.seq, m.body, ${special} AS special, m.tokens FROM ${messages} m, start
WHERE m.conversation_id = ${id} AND m.seq >= start.seq`;
  return {
    append: statement(
      `WITH counter AS (
  INSERT INTO ${conversations} AS c (conversation_id, last_seq, version, total_tokens) VALUES ($1, $2::bigint, ${version}, ${batchTokens})
  ON CONFLICT (conversation_id) DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq, version = EXCLUDED.version, total_tokens = c.total_tokens + EXCLUDED.total_tokens, updated_at = now()
  RETURNING c.last_seq, c.total_tokens
)
${insertBatch}`,
    ),
    appendVersioned: {
      fromEmpty: statement(
        `WITH counter AS (
  INSERT INTO ${conversations} (conversation_id, last_seq, version, total_tokens) SELECT $1, $2::bigint, ${version}, ${batchTokens} WHERE $8::bigint = 0
  ON CONFLICT (conversation_id) DO NOTHING
  RETURNING last_seq, total_tokens
)
${insertBatch}`,
      ),
      fromVersion: statement(
        `WITH counter AS (
  UPDATE ${conversations} SET last_seq = last_seq + $2::bigint, version = ${version}, total_tokens = total_tokens + ${batchTokens}, updated_at = now()
  WHERE conversation_id = $1 AND version = $8::bigint
  RETURNING last_seq, total_tokens
)
${insertBatch}`,
      ),
    },
    turnStatus: statement(
      `SELECT (SELECT version FROM ${conversations} WHERE conversation_id = $1) AS version,
  EXISTS (SELECT 1 FROM ${messages} WHERE conversation_id = $1 AND turn_id = $2) AS stored`,
    ),
    readVersioned: {
      all: statement(versioned('', '')),
      window: statement(versioned('', ' ORDER BY seq DESC LIMIT $2::bigint OFFSET $3::bigint')),
      allOfRoles: statement(versioned(' AND role = ANY($2::text[])', '')),
      windowOfRoles: statement(
        versioned(
          ' AND role = ANY($2::text[])',
          ' ORDER BY seq DESC LIMIT $3::bigint OFFSET $4::bigint',
        ),
      ),
    },
    readVersionedMany: statement(
      `SELECT conversation_id, body, special FROM (
  SELECT conversation_id, 0::bigint AS seq, to_jsonb(version) AS body, -1 AS special FROM ${conversations} WHERE conversation_id = ANY($1::text[])
  UNION ALL
  SELECT conversation_id, seq, body, ${special} AS special FROM ${messages} WHERE conversation_id = ANY($1::text[])
) AS r ORDER BY seq`,
    ),
    read: {
      all: statement(`${columns} ${messages} WHERE conversation_id = $1 ORDER BY seq`),
      window: statement(
        `${columns} ${messages} WHERE conversation_id = $1 ORDER BY seq DESC LIMIT $2::bigint OFFSET $3::bigint`,
      ),
      allOfRoles: statement(
        `${columns} ${messages} WHERE conversation_id = $1 AND role = ANY($2::text[]) ORDER BY seq`,
      ),
      windowOfRoles: statement(
        `${columns} ${messages} WHERE conversation_id = $1 AND role = ANY($2::text[]) ORDER BY seq DESC LIMIT $3::bigint OFFSET $4::bigint`,
      ),
    },
    readContext: statement(
      `SELECT body, special, tokens FROM (${contextRows('$1', '$2::bigint', '$3::bigint')}) AS r ORDER BY seq`,
    ),
    readContextMany: statement(
      `SELECT q.conversation_id, r.body, r.special, r.tokens
FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS q(conversation_id, max_tokens, max_messages, ord)
CROSS JOIN LATERAL (${contextRows('q.conversation_id', 'q.max_tokens', 'q.max_messages')}) AS r
ORDER BY q.ord, r.seq`,
    ),
    saveSummary: statement(
      `UPDATE ${conversations} SET summary = $2::jsonb WHERE conversation_id = $1 AND last_seq >= ($2::jsonb->>'through')::bigint`,
    ),
    deleteConversation: statement(
      `DELETE FROM ${conversations} WHERE conversation_id = $1 RETURNING last_seq`,
    ),
    deleteMessages: statement(`DELETE FROM ${messages} WHERE conversation_id = $1`),
    listConversations: statement(
      `SELECT conversation_id, last_seq, created_at, updated_at FROM ${conversations} ORDER BY updated_at DESC, conversation_id LIMIT $1::bigint OFFSET $2::bigint`,
    ),
  };
}
