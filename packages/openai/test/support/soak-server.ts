import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The soak server (soak-server.mjs) running in a child process. */
export interface SoakServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Resolves once the server holds the request of model `hold:<id>` (it never answers it). */
  held(id: string): Promise<void>;
  /** Closes the server and waits for its process to exit. */
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./soak-server.mjs', import.meta.url));

/** Starts soak-server.mjs in a child process and resolves once it listens. */
export async function startSoakServer(): Promise<SoakServer> {
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, () => void>();
  const arrived = new Set<string>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the soak server exited with code ${code}`)));
    child.on('message', (message: { port?: number; held?: string }) => {
      if (message.port !== undefined) resolve(message.port);
      if (message.held === undefined) return;
      const resolveHeld = waiting.get(message.held);
      if (resolveHeld === undefined) arrived.add(message.held);
      else {
        waiting.delete(message.held);
        resolveHeld();
      }
    });
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    held(id) {
      if (arrived.delete(id)) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.set(id, resolve));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
