// PGlite with pgvector (the @electric-sql/pglite-pgvector build, pgvector 0.8) behind
// @electric-sql/pglite-socket, so `pg` talks to it over TCP on 127.0.0.1 as to a real server. These
// machines' PostgreSQL has no pgvector, so the HNSW path is tested here. PGlite serves one session
// at a time: stores use a pool of one connection.
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A running PGlite+pgvector and its connection string. */
export interface PgliteVector {
  readonly url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** Starts PGlite with the pgvector extension loaded (not yet created: the store's migration does). */
export async function startPgliteVector(): Promise<PgliteVector> {
  const db = await PGlite.create({ extensions: { vector } });
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 8 });
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
