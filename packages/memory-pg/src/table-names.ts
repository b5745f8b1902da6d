import { ValidationError } from '@aigo/ai';
import { checkIdentifier, checkSchemaName, qualifiedName, quoteIdentifier } from '@aigo/pg';

/** The table name used when none is given. */
export const DEFAULT_TABLE_NAME = 'aigo_messages';

/** The schema used when none is given. */
export const DEFAULT_SCHEMA = 'public';

/**
 * The longest table name accepted. The store derives names from it (`<table>_conversations`,
 * `<table>_conversations_pkey`, `<table>_turn_key`, `<table>_tokens_key`), and every derived name must
 * fit PostgreSQL's 63-byte identifier limit without being truncated.
 */
export const MAX_TABLE_NAME_LENGTH = 44;

/** A name the store would derive from another table's name, or the schema's table of versions. */
const RESERVED_SUFFIX = '_conversations';
const MIGRATIONS_TABLE = 'aigo_migrations';

/** Every name the store uses, each already quoted (and schema-qualified where it is a relation). */
export interface TableNames {
  /** The schema, unquoted (as given). */
  readonly schema: string;
  /** The messages table, unquoted (as given). */
  readonly table: string;
  /** `"schema"`. */
  readonly schemaSql: string;
  /** `"schema"."table"`: one row per message. */
  readonly messagesSql: string;
  /** `"schema"."table_conversations"`: one row per conversation (sequence counter, activity). */
  readonly conversationsSql: string;
  /** `"table_pkey"`: the messages table's primary key constraint. */
  readonly messagesKeySql: string;
  /** `"table_conversations_pkey"`: the conversations table's primary key constraint. */
  readonly conversationsKeySql: string;
  /** `table_turn_key`, unquoted: the unique index of turn ids. */
  readonly turnKey: string;
  /** `"table_turn_key"`. */
  readonly turnKeySql: string;
  /** `"table_tokens_key"`: the index of the messages' running token sums. */
  readonly runningTokensKeySql: string;
}

/**
 * Checks a table name and a schema name and derives every name the store uses from them. Both must
 * be plain identifiers (letters, digits and underscores, not starting with a digit); they are always
 * quoted, so their case is kept. Derived names are built from the unquoted, validated name, then
 * quoted — never by pasting a quoted name into another (the Go original's index-name bug).
 *
 * @throws ValidationError naming `tableName` or `schema`, before any SQL runs.
 */
export function tableNames(
  tableName: string = DEFAULT_TABLE_NAME,
  schema: string = DEFAULT_SCHEMA,
): TableNames {
  checkIdentifier(tableName, 'tableName', {
    maxLength: MAX_TABLE_NAME_LENGTH,
    maxLengthReason: "names derived from it must fit PostgreSQL's 63-byte limit",
  });
  if (tableName.endsWith(RESERVED_SUFFIX)) {
    throw new ValidationError(
      'tableName',
      `must not end with "${RESERVED_SUFFIX}": the store names its own table <table>${RESERVED_SUFFIX}`,
    );
  }
  if (tableName === MIGRATIONS_TABLE) {
    throw new ValidationError(
      'tableName',
      `must not be "${MIGRATIONS_TABLE}": the schema's versions are recorded in that table`,
    );
  }
  checkSchemaName(schema);
  return {
    schema,
    table: tableName,
    schemaSql: quoteIdentifier(schema),
    messagesSql: qualifiedName(schema, tableName),
    conversationsSql: qualifiedName(schema, `${tableName}_conversations`),
    messagesKeySql: quoteIdentifier(`${tableName}_pkey`),
    conversationsKeySql: quoteIdentifier(`${tableName}_conversations_pkey`),
    turnKey: `${tableName}_turn_key`,
    turnKeySql: quoteIdentifier(`${tableName}_turn_key`),
    runningTokensKeySql: quoteIdentifier(`${tableName}_tokens_key`),
  };
}
