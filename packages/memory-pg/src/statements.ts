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

/** Every statement the store runs on its tables. */
export interface Statements {
  /**
   * Appends a batch as one statement (so one implicit transaction):
   * `$1` conversation, `$2` batch size, `$3` format version, `$4` JSON array of the messages,
   * `$5` 1-based positions of the escaped ones.
   *
   * The `counter` CTE bumps the conversation's `last_seq` by the batch size (inserting the row on
   * first use). `INSERT … ON CONFLICT DO UPDATE` locks that row until commit, so concurrent appends
   * to one conversation queue there, and each one's update starts from the value the previous one
   * committed (PostgreSQL re-reads the newest row version after the wait, even in READ COMMITTED).
   * Each batch thus owns the range `last_seq - n + 1 … last_seq`, in commit order. A failed or
   * aborted append rolls its counter update back with its rows, so no number is ever skipped — which
   * a `SEQUENCE` (not transactional) cannot promise.
   */
  readonly append: Statement;
  readonly read: ReadStatements;
  /** Locks and deletes the conversation's counter row. `$1` conversation. Run first, in a transaction. */
  readonly deleteConversation: Statement;
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
  const columns = `SELECT body, NULLIF(format * 2 + escaped::int, ${MESSAGE_FORMAT_VERSION * 2}) AS special FROM`;
  return {
    append: statement(
      `WITH counter AS (
  INSERT INTO ${conversations} AS c (conversation_id, last_seq) VALUES ($1, $2::bigint)
  ON CONFLICT (conversation_id) DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq, updated_at = now()
  RETURNING c.last_seq
)
INSERT INTO ${messages} (conversation_id, seq, role, format, escaped, body)
SELECT $1, counter.last_seq - $2::bigint + m.ord, m.body->>'role', $3::smallint, m.ord = ANY($5::bigint[]), m.body
FROM counter, jsonb_array_elements($4::jsonb) WITH ORDINALITY AS m(body, ord)`,
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
    deleteConversation: statement(
      `DELETE FROM ${conversations} WHERE conversation_id = $1 RETURNING last_seq`,
    ),
    deleteMessages: statement(`DELETE FROM ${messages} WHERE conversation_id = $1`),
    listConversations: statement(
      `SELECT conversation_id, last_seq, created_at, updated_at FROM ${conversations} ORDER BY updated_at DESC, conversation_id LIMIT $1::bigint OFFSET $2::bigint`,
    ),
  };
}
