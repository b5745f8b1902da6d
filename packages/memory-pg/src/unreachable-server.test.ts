// A server that cannot be reached: a clear MemoryError naming host and port, within the connect
// timeout, never a hang. Runs against local sockets only (no database needed).
import { createServer, type Server, type Socket } from 'node:net';
import { MemoryError, userMessage, ValidationError } from '@aigo/ai';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgMemory } from './pg-memory.js';
import { pgMemoryStore } from './pg-memory-store.js';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that accepts connections and never says a word (a black hole that answers SYN). */
async function silentServer(): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function failure(promise: Promise<unknown>): Promise<MemoryError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (caught: unknown) => caught,
  );
  expect(MemoryError.isInstance(error), String(error)).toBe(true);
  return error as MemoryError;
}

describe('an unreachable server', () => {
  it('connection refused: MemoryError naming host and port', async () => {
    const port = await closedPort();
    const store = pgMemoryStore({
      connectionString: `postgres://app:s3cret@127.0.0.1:${port}/db`,
    });
    try {
      const error = await failure(store.ready());
      expect(error.message).toBe(
        `Preparing "public"."aigo_messages" failed: cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED)`,
      );
      expect(error.pgCode).toBeUndefined();
      expect(JSON.stringify(error)).not.toContain('s3cret');
      // Every operation reports the same; invalid input is still a ValidationError first.
      const memory = store.conversation('c');
      expect((await failure(memory.appendMessage(userMessage('hi')))).message).toContain(
        `127.0.0.1:${port}`,
      );
      expect((await failure(memory.allMessages())).message).toContain(`127.0.0.1:${port}`);
      await expect(memory.appendMessages([{ role: 'bogus' } as never])).rejects.toBeInstanceOf(
        ValidationError,
      );
    } finally {
      await store.close();
    }
  });

  it('a server that never answers: MemoryError after the connect timeout, naming host and port', async () => {
    const port = await silentServer();
    const memory = pgMemory({
      connectionString: `postgres://app@127.0.0.1:${port}/db`,
      conversationId: 'c',
      connectTimeoutMs: 250,
    });
    try {
      const error = await failure(memory.allMessages());
      expect(error.message).toMatch(
        new RegExp(
          `^Preparing "public"\\."aigo_messages" failed: no connection to PostgreSQL at 127\\.0\\.0\\.1:${port} within 250 ms`,
        ),
      );
    } finally {
      await memory.close();
    }
  });

  it("names the server of a caller's pool too", async () => {
    const port = await closedPort();
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'app', database: 'db' });
    try {
      const memory = pgMemory({ pool, conversationId: 'c' });
      const error = await failure(memory.appendMessage(userMessage('hi')));
      expect(error.message).toContain(`cannot reach PostgreSQL at 127.0.0.1:${port}`);
    } finally {
      await pool.end();
    }
  });
});
