import { AbortError, AigoError, MemoryError, ValidationError } from '@aigo/ai';
import pg, { type PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import {
  adminPool,
  advisoryWaiters,
  database,
  noBackendsOf,
  testPool,
} from '../../test/support/helpers.js';
import { withTestSchema } from '../testing/vitest.js';
import { migrate } from './migrate.js';
import type { Migration } from './migration.js';
import { migrationLockKey } from './migration-lock-key.js';
import { readSchemaVersion } from './read-schema-version.js';

/** Two steps on `schema`: a notes table, then a column. */
function steps(schema: string): Migration[] {
  return [
    { version: 1, name: 'notes table', up: `CREATE TABLE "${schema}".notes (id int PRIMARY KEY)` },
    {
      version: 2,
      name: 'notes body',
      up: async (client) => {
        await client.query(`ALTER TABLE "${schema}".notes ADD COLUMN body text`);
      },
    },
  ];
}

async function recorded(schema: string, table = 'aigo_migrations') {
  const result = await adminPool().query<{ component: string; version: number; name: string }>(
    `SELECT component, version, name FROM "${schema}"."${table}" ORDER BY component, version`,
  );
  return result.rows;
}

async function columns(schema: string, table: string): Promise<string[]> {
  const result = await adminPool().query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
    [schema, table],
  );
  return result.rows.map((row) => row.column_name);
}

describe(`migrate (${database.kind})`, () => {
  it('creates the schema and the version table, runs every step once, records each; a second call applies nothing', async () => {
    const schema = await withTestSchema({ create: false });
    const pool = testPool(`aigo-pg-migrate-${schema}`);
    try {
      const first = await migrate(pool, { schema, component: 'notes', migrations: steps(schema) });
      expect(first).toEqual({ version: 2, applied: [1, 2], adopted: 0 });
      expect(await columns(schema, 'notes')).toEqual(['id', 'body']);
      expect(await recorded(schema)).toEqual([
        { component: 'notes', version: 1, name: 'notes table' },
        { component: 'notes', version: 2, name: 'notes body' },
      ]);
      const again = await migrate(pool, { schema, component: 'notes', migrations: steps(schema) });
      expect(again).toEqual({ version: 2, applied: [], adopted: 0 });
      expect((await recorded(schema)).length).toBe(2);
      expect(await readSchemaVersion(pool, { schema, component: 'notes' })).toBe(2);
      // The connection went back to the pool without the lock: the admin takes it at once.
      const [namespace, key] = migrationLockKey(schema, 'aigo_migrations');
      const taken = await adminPool().query('SELECT pg_try_advisory_lock($1::int, $2::int) AS ok', [
        namespace,
        key,
      ]);
      expect(taken.rows).toEqual([{ ok: true }]);
      await adminPool().query('SELECT pg_advisory_unlock_all()');
    } finally {
      await pool.end();
    }
  });

  it('applies only the steps a later release appends, and versions components apart in one table', async () => {
    const schema = await withTestSchema();
    const pool = testPool(`aigo-pg-later-${schema}`);
    try {
      const [one, two] = steps(schema) as [Migration, Migration];
      await migrate(pool, { schema, component: 'notes', migrations: [one] });
      expect(await columns(schema, 'notes')).toEqual(['id']);
      const later = await migrate(pool, { schema, component: 'notes', migrations: [one, two] });
      expect(later).toEqual({ version: 2, applied: [2], adopted: 0 });
      const other = await migrate(pool, {
        schema,
        table: 'versions',
        component: 'tags',
        migrations: [{ version: 1, name: 'tags', up: `CREATE TABLE "${schema}".tags (t text)` }],
      });
      expect(other.applied).toEqual([1]);
      const again = await migrate(pool, {
        schema,
        component: 'other',
        migrations: [{ version: 1, name: 'x', up: `CREATE TABLE "${schema}".x (t text)` }],
      });
      expect(again.applied).toEqual([1]);
      expect((await recorded(schema)).map((row) => `${row.component} ${row.version}`)).toEqual([
        'notes 1',
        'notes 2',
        'other 1',
      ]);
      expect(await recorded(schema, 'versions')).toEqual([
        { component: 'tags', version: 1, name: 'tags' },
      ]);
    } finally {
      await pool.end();
    }
  });

  it('two pools migrating at once: one waits for the advisory lock, the steps run once', async () => {
    const schema = await withTestSchema({ create: false });
    const applicationName = `aigo-pg-race-${schema}`;
    const first = testPool(applicationName);
    const second = testPool(applicationName);
    let runs = 0;
    const counted: Migration[] = steps(schema).map((step) => ({
      ...step,
      up: async (client: PoolClient) => {
        runs += 1;
        await client.query(typeof step.up === 'string' ? step.up : `SELECT 1`);
        if (typeof step.up !== 'string') await step.up(client);
      },
    }));
    const [namespace, key] = migrationLockKey(schema, 'aigo_migrations');
    const holder = await adminPool().connect();
    try {
      // Hold the lock, so both migrations are waiting on it before either runs.
      await holder.query('SELECT pg_advisory_lock($1::int, $2::int)', [namespace, key]);
      const both = [first, second].map((pool) =>
        migrate(pool, { schema, component: 'notes', migrations: counted }),
      );
      await advisoryWaiters(applicationName, 2);
      expect(runs).toBe(0);
      await holder.query('SELECT pg_advisory_unlock($1::int, $2::int)', [namespace, key]);
      const results = await Promise.all(both);
      expect(results.map((result) => result.applied).sort()).toEqual([[], [1, 2]]);
      expect(results.map((result) => result.version)).toEqual([2, 2]);
      expect(runs).toBe(2);
      expect((await recorded(schema)).map((row) => row.version)).toEqual([1, 2]);
    } finally {
      holder.release();
      await first.end();
      await second.end();
    }
  });

  it('a step that fails rolls back whole (its DDL and its version); the steps before it stay; the fixed step applies next time', async () => {
    const schema = await withTestSchema();
    const pool = testPool(`aigo-pg-fail-${schema}`);
    try {
      const [one] = steps(schema) as [Migration];
      const broken: Migration = {
        version: 2,
        name: 'broken',
        up: `CREATE TABLE "${schema}".half (id int); ALTER TABLE "${schema}".notes ADD COLUMN nope nosuchtype`,
      };
      const error = await migrate(pool, {
        schema,
        component: 'notes',
        migrations: [one, broken],
        label: 'the notes',
      }).catch((caught: unknown) => caught);
      expect(MemoryError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ pgCode: '42704' });
      expect((error as Error).message).toMatch(
        /^Migrating the notes failed: type "nosuchtype" does not exist \(SQLSTATE 42704\)$/,
      );
      const half = await adminPool().query('SELECT to_regclass($1) AS t', [`"${schema}".half`]);
      expect(half.rows).toEqual([{ t: null }]);
      expect((await recorded(schema)).map((row) => row.version)).toEqual([1]);
      const fixed = await migrate(pool, {
        schema,
        component: 'notes',
        migrations: [one, { ...broken, up: `CREATE TABLE "${schema}".half (id int)` }],
      });
      expect(fixed).toEqual({ version: 2, applied: [2], adopted: 0 });
    } finally {
      await pool.end();
    }
  });

  it('refuses a database at a newer version than the steps it knows, with the typed error of the store', async () => {
    const schema = await withTestSchema();
    const pool = testPool(`aigo-pg-newer-${schema}`);
    try {
      await migrate(pool, { schema, component: 'notes', migrations: steps(schema) });
      const [one] = steps(schema) as [Migration];
      const error = await migrate(pool, {
        schema,
        component: 'notes',
        migrations: [one],
        label: '"notes"',
        packageName: '@aigo/notes',
      }).catch((caught: unknown) => caught);
      expect(MemoryError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        '"notes" is at schema version 2, newer than this version of @aigo/notes knows (1); upgrade the package',
      );
      class NotesError extends AigoError {}
      const custom = await migrate(pool, {
        schema,
        component: 'notes',
        migrations: [one],
        makeError: (message, details) =>
          new NotesError('unsupported', `${message} [retryable ${details.retryable}]`),
      }).catch((caught: unknown) => caught);
      expect(custom).toBeInstanceOf(NotesError);
      expect((custom as Error).message).toMatch(
        /newer than this version of the code knows \(1\).*\[retryable false\]$/,
      );
    } finally {
      await pool.end();
    }
  });

  it('records what an install made before the version table has (baseline) without running those steps', async () => {
    const schema = await withTestSchema();
    const pool = testPool(`aigo-pg-baseline-${schema}`);
    try {
      // An older install: the notes table exists (version 1), no version table.
      await adminPool().query(`CREATE TABLE "${schema}".notes (id int PRIMARY KEY)`);
      const baseline = async (db: { query: PoolClient['query'] }) => {
        const found = await db.query('SELECT to_regclass($1) IS NOT NULL AS exists', [
          `"${schema}".notes`,
        ]);
        return found.rows[0]?.exists === true ? 1 : 0;
      };
      expect(await readSchemaVersion(pool, { schema, component: 'notes', baseline })).toBe(1);
      expect(await readSchemaVersion(pool, { schema, component: 'notes' })).toBe(0);
      const result = await migrate(pool, {
        schema,
        component: 'notes',
        migrations: steps(schema),
        baseline,
      });
      expect(result).toEqual({ version: 2, applied: [2], adopted: 1 });
      expect((await recorded(schema)).map((row) => [row.version, row.name])).toEqual([
        [1, 'notes table (adopted: applied before the version table existed)'],
        [2, 'notes body'],
      ]);
      // Recorded now: baseline is not asked again.
      const never = async () => {
        throw new Error('baseline must not run once versions are recorded');
      };
      const again = await migrate(pool, {
        schema,
        component: 'notes',
        migrations: steps(schema),
        baseline: never,
      });
      expect(again).toEqual({ version: 2, applied: [], adopted: 0 });
      await expect(
        readSchemaVersion(pool, { schema, component: 'notes', baseline: never }),
      ).resolves.toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('an aborted signal rejects a migration waiting for the lock at once; its connection is destroyed and nothing is applied', async () => {
    const schema = await withTestSchema();
    const applicationName = `aigo-pg-abort-${schema}`;
    const pool = testPool(applicationName);
    const [namespace, key] = migrationLockKey(schema, 'aigo_migrations');
    const holder = await adminPool().connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1::int, $2::int)', [namespace, key]);
      const controller = new AbortController();
      const migrating = migrate(pool, {
        schema,
        component: 'notes',
        migrations: steps(schema),
        signal: controller.signal,
      });
      await advisoryWaiters(applicationName, 1);
      controller.abort();
      await expect(migrating).rejects.toSatisfy((error) => AbortError.isInstance(error));
      expect(pool.totalCount).toBe(0);
      await holder.query('SELECT pg_advisory_unlock($1::int, $2::int)', [namespace, key]);
      // The abandoned backend gets the lock, reads the client's goodbye and exits, running nothing.
      await noBackendsOf(applicationName);
      const table = await adminPool().query('SELECT to_regclass($1) AS t', [
        `"${schema}".aigo_migrations`,
      ]);
      expect(table.rows).toEqual([{ t: null }]);
    } finally {
      holder.release();
      await pool.end();
    }
  });

  it('needs no CREATE privilege once the schema and the version table exist', async () => {
    const schema = await withTestSchema();
    const owner = testPool(`aigo-pg-owner-${schema}`);
    const role = `aigo_pg_reader_${process.pid}`;
    const url = new URL(database.url);
    url.username = role;
    url.password = 'reader-password';
    const limited = new pg.Pool({ connectionString: url.href, max: 1 });
    limited.on('error', () => undefined);
    try {
      await migrate(owner, { schema, component: 'notes', migrations: steps(schema) });
      await adminPool().query(`DROP ROLE IF EXISTS ${role}`);
      await adminPool().query(`CREATE ROLE ${role} LOGIN PASSWORD 'reader-password'`);
      await adminPool().query(`GRANT USAGE ON SCHEMA "${schema}" TO ${role}`);
      await adminPool().query(`GRANT SELECT ON "${schema}".aigo_migrations TO ${role}`);
      const result = await migrate(limited, {
        schema,
        component: 'notes',
        migrations: steps(schema),
      });
      expect(result).toEqual({ version: 2, applied: [], adopted: 0 });
    } finally {
      await limited.end();
      await owner.end();
      await adminPool()
        .query(`DROP OWNED BY ${role}`)
        .catch(() => undefined);
      await adminPool().query(`DROP ROLE IF EXISTS ${role}`);
    }
  });

  const bad: ReadonlyArray<[string, Record<string, unknown>, string]> = [
    ['a schema with a quote', { schema: 'a"b' }, 'schema'],
    ['a pg_ schema', { schema: 'pg_catalog' }, 'schema'],
    ['a bad version table', { table: 'x-y' }, 'table'],
    ['a too long version table', { table: 'x'.repeat(59) }, 'table'],
    ['an empty component', { component: '' }, 'component'],
    ['no steps', { migrations: [] }, 'migrations'],
    [
      'a version 0',
      { migrations: [{ version: 0, name: 'a', up: 'SELECT 1' }] },
      'migrations[0].version',
    ],
    [
      'versions out of order',
      {
        migrations: [
          { version: 2, name: 'a', up: 'SELECT 1' },
          { version: 1, name: 'b', up: 'SELECT 1' },
        ],
      },
      'migrations[1].version',
    ],
    [
      'a step without a name',
      { migrations: [{ version: 1, name: '', up: 'SELECT 1' }] },
      'migrations[0].name',
    ],
    ['a step without up', { migrations: [{ version: 1, name: 'a' }] }, 'migrations[0].up'],
    ['a baseline that is not a function', { baseline: 1 }, 'baseline'],
    ['a signal that is not one', { signal: {} }, 'signal'],
  ];
  it.each(bad)(
    'rejects %s with a ValidationError naming it, before connecting',
    async (_label, override, argument) => {
      const connect = () => Promise.reject(new Error('must not connect'));
      const options = {
        schema: 'public',
        component: 'notes',
        migrations: [{ version: 1, name: 'a', up: 'SELECT 1' }],
        ...override,
      };
      const error = await migrate({ connect } as never, options as never).catch(
        (caught: unknown) => caught,
      );
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ argument });
    },
  );
});
