// The fallback of this package's tests when no PostgreSQL server can be had (no DATABASE_URL, no
// server binaries and no way to install them): PGlite behind @electric-sql/pglite-socket. It serves
// one session at a time, so the fault, concurrency and lock tests do not run there, and the run fails
// when CI is set (real-server-path.test.ts).
import type { StartedTestDatabase } from '@aigo/pg/testing';

export async function startPglite(reason: string): Promise<StartedTestDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 16 });
  await server.start();
  return {
    database: {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      kind: 'fallback',
      description: `PGlite (WASM, single session) over pglite-socket on 127.0.0.1:${port} — ${reason}`,
      notRealReason: `PGlite is single-session (no pg_terminate_backend, no concurrent transactions): ${reason}`,
    },
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
