import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { ValidationError } from '@aigo/ai';

/** Where the proxy forwards to. */
export interface PgProxyTarget {
  readonly host: string;
  readonly port: number;
}

/**
 * A TCP proxy between a pool and PostgreSQL that reads the wire protocol and cuts a connection at an
 * exact point of it, so tests of lost connections are deterministic. Connections pass through
 * untouched until a cut is armed; each armed cut fires once, on whichever connection reaches its
 * point first. Plain connections only (no TLS: the proxy must read the messages).
 */
export interface PgFaultProxy {
  /** `127.0.0.1`. */
  readonly host: string;
  readonly port: number;
  /** Connections open through the proxy now. */
  readonly connections: number;
  /** `url` (a `postgres://` URL of the target) with the proxy's host and port instead. */
  urlFor(url: string): string;
  /**
   * The next `Execute` a client sends never reaches the server: the connection is cut there (both
   * sides), so the statement does not run. Resolves when the cut happened.
   */
  cutBeforeNextExecute(): Promise<void>;
  /**
   * The next statement whose `CommandComplete` tag matches `tag` (`/^INSERT/`) runs and commits —
   * the proxy waits for the `ReadyForQuery` after it, which the server sends once the transaction
   * is over — and then the connection is cut before the client sees either: from the client's side
   * the outcome is unknown, on the server the write is committed. (For a statement inside an
   * explicit transaction, the `ReadyForQuery` after it is not a commit: match the `COMMIT` tag.)
   * Resolves when the cut happened.
   */
  cutAfterNextCommit(tag: RegExp): Promise<void>;
  /** Cuts every open connection at once, both sides (the network failing). */
  cutAll(): void;
  /** Cuts every connection and stops listening. Idempotent. */
  close(): Promise<void>;
}

type Armed =
  | { readonly kind: 'execute'; readonly done: () => void }
  | { readonly kind: 'commit'; readonly tag: RegExp; readonly done: () => void };

/**
 * Starts a {@link PgFaultProxy} on a free port of 127.0.0.1 in front of `target`.
 *
 * @example
 * const proxy = await startPgFaultProxy({ host: '127.0.0.1', port: 5432 });
 * const pool = new pg.Pool({ connectionString: proxy.urlFor(url) });
 * const cut = proxy.cutAfterNextCommit(/^INSERT/);
 * await pool.query('INSERT …').catch(() => {}); // "Connection terminated unexpectedly"
 * await cut; // the row is there
 */
export async function startPgFaultProxy(target: PgProxyTarget): Promise<PgFaultProxy> {
  if (
    target === null ||
    typeof target !== 'object' ||
    typeof target.host !== 'string' ||
    !Number.isInteger(target.port)
  ) {
    throw new ValidationError('target', 'must be { host, port }');
  }
  const open = new Set<Socket>();
  const armed: Armed[] = [];
  const take = (kind: Armed['kind']): Armed | undefined => {
    const index = armed.findIndex((rule) => rule.kind === kind);
    return index < 0 ? undefined : armed.splice(index, 1)[0];
  };

  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.host, port: target.port });
    open.add(client);
    open.add(upstream);
    let cut = false;
    const cutBoth = () => {
      cut = true;
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', cutBoth);
      socket.on('close', () => {
        open.delete(socket);
        if (!cut) cutBoth();
      });
    }
    // Client → server: the startup message has no type byte; every later message has one.
    const fromClient = messageReader(true, (messages) => {
      for (const [index, message] of messages.entries()) {
        if (message[0] === 0x45 /* E */) {
          const rule = take('execute');
          if (rule !== undefined) {
            upstream.write(Buffer.concat(messages.slice(0, index)));
            cutBoth();
            rule.done();
            return;
          }
        }
      }
      upstream.write(Buffer.concat(messages));
    });
    // Server → client.
    let committing: Armed | undefined;
    const fromServer = messageReader(false, (messages) => {
      const forward: Buffer[] = [];
      for (const message of messages) {
        if (committing !== undefined) {
          // Withheld: once the transaction is over (ReadyForQuery), cut.
          if (message[0] === 0x5a /* Z */) {
            const rule = committing;
            committing = undefined;
            if (forward.length > 0) client.write(Buffer.concat(forward));
            cutBoth();
            rule.done();
            return;
          }
          continue;
        }
        if (message[0] === 0x43 /* C */ && armed.some((rule) => rule.kind === 'commit')) {
          const tag = message.subarray(5, message.length - 1).toString('utf8');
          const index = armed.findIndex((rule) => rule.kind === 'commit' && rule.tag.test(tag));
          if (index >= 0) {
            committing = armed.splice(index, 1)[0];
            continue;
          }
        }
        forward.push(message);
      }
      if (forward.length > 0) client.write(Buffer.concat(forward));
    });
    client.on('data', (chunk: Buffer) => {
      if (!cut) fromClient(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!cut) fromServer(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  let closing: Promise<void> | undefined;
  const arm = (rule: (done: () => void) => Armed) =>
    new Promise<void>((resolve) => {
      armed.push(rule(resolve));
    });

  return {
    host: '127.0.0.1',
    port,
    get connections() {
      return server.listening ? open.size / 2 : 0;
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cutBeforeNextExecute: () => arm((done) => ({ kind: 'execute', done })),
    cutAfterNextCommit(tag) {
      if (!(tag instanceof RegExp)) throw new ValidationError('tag', 'must be a RegExp');
      return arm((done) => ({ kind: 'commit', tag, done }));
    },
    cutAll,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        cutAll();
      });
      return closing;
    },
  };
}

/**
 * Splits a byte stream into whole protocol messages (`type`, `int32 length`, body; the first one
 * without a type byte when `untypedFirst`) and hands each batch of complete messages to `onMessages`.
 */
function messageReader(
  untypedFirst: boolean,
  onMessages: (messages: Buffer[]) => void,
): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let first = untypedFirst;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const messages: Buffer[] = [];
    for (;;) {
      const header = first ? 4 : 5;
      if (pending.length < header) break;
      const length = first ? pending.readInt32BE(0) : 1 + pending.readInt32BE(1);
      if (pending.length < length) break;
      messages.push(pending.subarray(0, length));
      pending = pending.subarray(length);
      first = false;
    }
    if (messages.length > 0) onMessages(messages);
  };
}
