import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The built CLI (the package is built before its tests run). */
export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

/** What a run of the CLI gave. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node [nodeArgs] dist/cli.js args` in `cwd` and resolves when it exits. */
export function runCli(
  args: readonly string[],
  options: {
    readonly cwd: string;
    readonly env?: NodeJS.ProcessEnv;
    readonly nodeArgs?: readonly string[];
  },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
      cwd: options.cwd,
      env: { ...process.env, OPENAI_API_KEY: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
