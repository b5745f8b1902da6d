// A bench's server in a process of its own, so serving never shares an event loop with the code
// measured. The server script sends `{ port, ...facts }` over IPC once it listens, and exits when the
// IPC channel closes.
import { fork } from 'node:child_process';

/**
 * Forks `script` with `args`; resolves, once it listens, to its message (`info`), its origin
 * (`http://127.0.0.1:<port>`) and `stop()`, which closes the channel and waits for the exit. Rejects
 * when the process fails to start or exits first (`label` names it in the error).
 */
export async function forkServer(script, args, label) {
  const child = fork(script, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${label} exited with code ${code}`)));
  });
  return {
    info,
    origin: `http://127.0.0.1:${info.port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
