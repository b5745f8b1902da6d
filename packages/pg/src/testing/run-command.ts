import { execFile } from 'node:child_process';

/** Runs a program (no shell); resolves to its standard output, rejects with its output on failure. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: {
    readonly timeoutMs: number;
    readonly env?: NodeJS.ProcessEnv;
    /** The working directory. Default: this process's. */
    readonly cwd?: string;
  },
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        timeout: options.timeoutMs,
        env: options.env ?? process.env,
        maxBuffer: 16 * 1024 * 1024,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      },
      (error, stdout, stderr) => {
        if (error) {
          const output = `${stdout}${stderr}`.trim().slice(-4000);
          reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${output}`));
        } else {
          resolve(`${stdout}`);
        }
      },
    );
  });
}
