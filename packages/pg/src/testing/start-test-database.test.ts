import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { StartedTestDatabase, TestDatabase } from './database.js';
import { ensurePostgresBinaries } from './ensure-postgres-binaries.js';
import { postgresGlobalSetup } from './postgres-global-setup.js';
import { startScratchPostgres } from './start-scratch-postgres.js';
import { startTestDatabase } from './start-test-database.js';

function fallback(kind: string) {
  const reasons: string[] = [];
  const start = async (reason: string): Promise<StartedTestDatabase> => {
    reasons.push(reason);
    return {
      database: {
        url: `postgres://${kind}`,
        kind: 'fallback',
        description: kind,
        notRealReason: reason,
      },
      stop: async () => undefined,
    };
  };
  return { start, reasons };
}

describe('startTestDatabase', () => {
  it('uses DATABASE_URL when set, naming only host and port', async () => {
    const started = await startTestDatabase({
      env: { DATABASE_URL: 'postgres://u:s3cret@db.internal:6543/app' },
    });
    expect(started.database).toEqual({
      url: 'postgres://u:s3cret@db.internal:6543/app',
      kind: 'external',
      description: 'DATABASE_URL (db.internal:6543)',
      notRealReason: undefined,
    });
    await started.stop();
  });

  it('uses the fallback when forced, or when there are no binaries and installing is off; throws without a fallback', async () => {
    const forced = fallback('forced');
    await expect(
      startTestDatabase({ env: {}, fallback: forced.start, forceFallback: 'forced by a test' }),
    ).resolves.toMatchObject({ database: { kind: 'fallback' } });
    expect(forced.reasons).toEqual(['forced by a test']);
    // A machine without the binaries, where installing is off.
    const none = fallback('none');
    const machine = { env: { PATH: '/nonexistent' }, debianRoot: '/nonexistent', install: false };
    await expect(startTestDatabase({ ...machine, fallback: none.start })).resolves.toMatchObject({
      database: { kind: 'fallback', url: 'postgres://none' },
    });
    expect(none.reasons).toEqual([
      'no PostgreSQL server binaries (initdb, pg_ctl, postgres) in PG_BIN_DIR, /nonexistent/*/bin or PATH; installing them is turned off',
    ]);
    await expect(startTestDatabase(machine)).rejects.toThrow(
      /^No PostgreSQL for the tests: no PostgreSQL server binaries .*installing them is turned off$/,
    );
  });
});

describe('startTestDatabase under CI', () => {
  const noBinaries = { debianRoot: '/nonexistent', install: false } as const;

  it.each([['true'], ['1'], ['yes']])(
    'CI=%s: no fallback when there is no server — the run fails and says why',
    async (ci) => {
      const unused = fallback('pglite');
      await expect(
        startTestDatabase({
          ...noBinaries,
          env: { PATH: '/nonexistent', CI: ci },
          fallback: unused.start,
        }),
      ).rejects.toThrow(
        `No PostgreSQL for the tests: no PostgreSQL server binaries (initdb, pg_ctl, postgres) in PG_BIN_DIR, /nonexistent/*/bin or PATH; installing them is turned off; the tests need a real server here (CI=${ci}), so the fallback is not used`,
      );
      expect(unused.reasons).toEqual([]);
    },
  );

  it('CI set: a forced fallback is refused too', async () => {
    const unused = fallback('pglite');
    await expect(
      startTestDatabase({
        env: { CI: 'true' },
        fallback: unused.start,
        forceFallback: 'forced by AIGO_MEMORY_PG_TEST_PGLITE=1',
      }),
    ).rejects.toThrow(
      'No PostgreSQL for the tests: the fallback was forced (forced by AIGO_MEMORY_PG_TEST_PGLITE=1); the tests need a real server here (CI=true), so the fallback is not used',
    );
    expect(unused.reasons).toEqual([]);
  });

  it.each([[''], ['0'], ['false']])('CI=%j is not CI: the fallback is used', async (ci) => {
    const used = fallback('pglite');
    await expect(
      startTestDatabase({
        ...noBinaries,
        env: { PATH: '/nonexistent', CI: ci },
        fallback: used.start,
      }),
    ).resolves.toMatchObject({ database: { kind: 'fallback' } });
    expect(used.reasons).toHaveLength(1);
  });

  it('requireRealServer says so without CI, and false lets a CI run fall back', async () => {
    const unused = fallback('pglite');
    await expect(
      startTestDatabase({
        ...noBinaries,
        env: { PATH: '/nonexistent' },
        fallback: unused.start,
        requireRealServer: true,
      }),
    ).rejects.toThrow(
      /; the tests need a real server here \(requireRealServer\), so the fallback is not used$/,
    );
    const used = fallback('pglite');
    await expect(
      startTestDatabase({
        ...noBinaries,
        env: { PATH: '/nonexistent', CI: 'true' },
        fallback: used.start,
        requireRealServer: false,
      }),
    ).resolves.toMatchObject({ database: { kind: 'fallback' } });
  });

  it('CI set and DATABASE_URL set: that server, as always', async () => {
    const started = await startTestDatabase({
      env: { CI: 'true', DATABASE_URL: 'postgres://ci@db:5432/ci' },
      fallback: fallback('pglite').start,
    });
    expect(started.database.kind).toBe('external');
  });
});

// These need the server binaries (installed when missing and possible), even when DATABASE_URL is set:
// they test the scratch cluster itself.
describe('a scratch cluster', () => {
  it('starts on 127.0.0.1 with fast settings, answers, and is gone (directory and all) after stop()', async () => {
    const found = await ensurePostgresBinaries();
    if (found.binDir === undefined) throw new Error(found.reason);
    const cluster = await startScratchPostgres({ fast: true, binDir: found.binDir });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const settings = await client.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'listen_addresses', 'server_encoding') ORDER BY name",
      );
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'off' },
        { name: 'listen_addresses', setting: '127.0.0.1' },
        { name: 'server_encoding', setting: 'UTF8' },
      ]);
      expect(cluster.version).toMatch(/^postgres \(PostgreSQL\) \d+/);
      expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
    } finally {
      await client.end();
    }
    expect(existsSync(cluster.dir)).toBe(true);
    await cluster.stop();
    expect(existsSync(cluster.dir)).toBe(false);
    const after = new pg.Client({ connectionString: cluster.url });
    await expect(after.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('restart(fast | immediate) cuts every session and comes back on the same port with committed data', async () => {
    const found = await ensurePostgresBinaries();
    if (found.binDir === undefined) throw new Error(found.reason);
    // Default settings (synchronous commit): a commit survives an immediate shutdown.
    const cluster = await startScratchPostgres({ binDir: found.binDir });
    try {
      const setup = new pg.Client({ connectionString: cluster.url });
      await setup.connect();
      await setup.query('CREATE TABLE kept (n int)');
      await setup.end();
      for (const [index, mode] of (['fast', 'immediate'] as const).entries()) {
        const session = new pg.Client({ connectionString: cluster.url });
        const lost = new Promise<Error>((resolve) => session.on('error', resolve));
        await session.connect();
        await session.query('INSERT INTO kept VALUES ($1)', [index]);
        await cluster.restart(mode);
        // The session was cut (fast: terminated with 57P01; immediate: the socket closed).
        expect((await lost).message).toMatch(/terminat|closed|ECONNRESET/i);
        const after = new pg.Client({ connectionString: cluster.url });
        await after.connect();
        const rows = await after.query<{ n: number }>('SELECT n FROM kept ORDER BY n');
        expect(rows.rows.map((row) => row.n)).toEqual(index === 0 ? [0] : [0, 1]);
        await after.end();
        await session.end().catch(() => undefined);
      }
      await expect(cluster.restart('sudden' as never)).rejects.toMatchObject({ argument: 'mode' });
    } finally {
      await cluster.stop();
    }
    await expect(cluster.restart()).rejects.toThrow(/stopped/);
    // initdb, a start and two restarts at default settings: seconds each on a busy machine.
  }, 180_000);

  it('starts when the temporary directory is one the postgres user cannot enter (TMPDIR under /root)', async () => {
    const found = await ensurePostgresBinaries();
    if (found.binDir === undefined) throw new Error(found.reason);
    const closed = mkdtempSync(join(tmpdir(), 'aigo-pg-closed-'));
    chmodSync(closed, 0o700);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = closed;
    try {
      // As root the server runs as postgres, which cannot enter `closed`: the cluster goes to /tmp.
      // Not as root it runs as this user, who can.
      const asRoot = process.getuid?.() === 0;
      if (asRoot) {
        await expect(
          startScratchPostgres({ fast: true, binDir: found.binDir, baseDir: closed }),
        ).rejects.toThrow(
          `startScratchPostgres: baseDir ${closed} cannot be reached by the postgres user`,
        );
      }
      const cluster = await startScratchPostgres({ fast: true, binDir: found.binDir });
      try {
        expect(dirname(cluster.dir)).toBe(asRoot ? '/tmp' : closed);
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        const answer = await client.query<{ one: number }>('SELECT 1 AS one');
        await client.end();
        expect(answer.rows).toEqual([{ one: 1 }]);
      } finally {
        await cluster.stop();
      }
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(closed, { recursive: true, force: true });
    }
  });

  it('the global setup provides the database, says which it is, and stops it in its teardown', async () => {
    const provided: TestDatabase[] = [];
    const setup = postgresGlobalSetup({ name: '@aigo/example' });
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    let teardown: () => Promise<void>;
    try {
      teardown = await setup({ provide: (_key, value) => provided.push(value) });
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
    expect(provided).toHaveLength(1);
    expect(provided[0]).toMatchObject({ kind: 'scratch', notRealReason: undefined });
    const client = new pg.Client({ connectionString: provided[0]?.url });
    await client.connect();
    await client.end();
    await teardown();
    const after = new pg.Client({ connectionString: provided[0]?.url });
    await expect(after.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
