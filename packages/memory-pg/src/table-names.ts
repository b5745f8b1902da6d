import { ValidationError } from '@aigo/ai';

/** The table name used when none is given. */
export const DEFAULT_TABLE_NAME = 'aigo_messages';

/** The schema used when none is given. */
export const DEFAULT_SCHEMA = 'public';

/**
 * The longest table name accepted. The store derives names from it (`<table>_conversations`,
 * `<table>_migrations`, `<table>_conversations_pkey`), and every derived name must fit PostgreSQL's
 * 63-byte identifier limit without being truncated.
 */
export const MAX_TABLE_NAME_LENGTH = 44;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED_SUFFIXES = ['_conversations', '_migrations'];

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
  /** `"schema"."table_migrations"`: the schema versions applied. */
  readonly migrationsSql: string;
  /** `schema.table_migrations`, quoted, as text for `to_regclass`. */
  readonly migrationsRegclass: string;
  /** `"table_pkey"`: the messages table's primary key constraint. */
  readonly messagesKeySql: string;
  /** `"table_conversations_pkey"`: the conversations table's primary key constraint. */
  readonly conversationsKeySql: string;
}

/** Quotes a validated identifier. Only called on names that passed {@link IDENTIFIER}. */
function quote(name: string): string {
  return `"${name}"`;
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
  if (typeof tableName !== 'string' || !IDENTIFIER.test(tableName)) {
    throw new ValidationError(
      'tableName',
      `must be letters, digits and underscores, not starting with a digit (got ${JSON.stringify(tableName)})`,
    );
  }
  if (tableName.length > MAX_TABLE_NAME_LENGTH) {
    throw new ValidationError(
      'tableName',
      `must be at most ${MAX_TABLE_NAME_LENGTH} characters (got ${tableName.length}): names derived from it must fit PostgreSQL's 63-byte limit`,
    );
  }
  const reserved = RESERVED_SUFFIXES.find((suffix) => tableName.endsWith(suffix));
  if (reserved !== undefined) {
    throw new ValidationError(
      'tableName',
      `must not end with "${reserved}": the store names its own tables <table>${RESERVED_SUFFIXES.join(' and <table>')}`,
    );
  }
  if (typeof schema !== 'string' || !IDENTIFIER.test(schema)) {
    throw new ValidationError(
      'schema',
      `must be letters, digits and underscores, not starting with a digit (got ${JSON.stringify(schema)})`,
    );
  }
  if (schema.length > 63) {
    throw new ValidationError('schema', `must be at most 63 characters (got ${schema.length})`);
  }
  if (schema.toLowerCase().startsWith('pg_')) {
    throw new ValidationError('schema', 'must not start with "pg_" (reserved by PostgreSQL)');
  }
  const schemaSql = quote(schema);
  const qualified = (name: string) => `${schemaSql}.${quote(name)}`;
  return {
    schema,
    table: tableName,
    schemaSql,
    messagesSql: qualified(tableName),
    conversationsSql: qualified(`${tableName}_conversations`),
    migrationsSql: qualified(`${tableName}_migrations`),
    migrationsRegclass: qualified(`${tableName}_migrations`),
    messagesKeySql: quote(`${tableName}_pkey`),
    conversationsKeySql: quote(`${tableName}_conversations_pkey`),
  };
}
