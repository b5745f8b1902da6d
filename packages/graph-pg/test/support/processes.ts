// Child processes of the multi-process tests: started on test/support/graph-process.mjs, read line by
// line.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./graph-process.mjs', import.meta.url));

/** A started process: its lines, its exit, and a way to end it. */
export interface GraphProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the next line it prints. */
  nextLine(): Promise<string>;
  /** Resolves when it exits: its code, or the signal that killed it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
}

/** Starts test/support/graph-process.mjs with `args`. */
export function startGraphProcess(args: object): GraphProcess {
  const child = spawn(process.execPath, [script, JSON.stringify(args)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const next = waiting.shift();
    if (next === undefined) lines.push(line);
    else next(line);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    pid: child.pid as number,
    nextLine() {
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(line);
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        exited.then(({ code, signal }) =>
          reject(
            new Error(`the process exited (${code ?? signal}) before printing a line\n${stderr}`),
          ),
        );
      });
    },
    exited,
    stderr: () => stderr,
  };
}
