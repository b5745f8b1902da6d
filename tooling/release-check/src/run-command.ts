import { spawn } from 'node:child_process';

/** What a finished child process left behind. */
export interface CommandResult {
  /** Exit code, or `null` when a signal ended it. */
  readonly code: number | null;
  /** Standard output and standard error, interleaved in arrival order. */
  readonly output: string;
  readonly stdout: string;
}

/**
 * Runs a command without a shell and collects its output. Never rejects for a non-zero exit; rejects
 * only when the command cannot be started.
 *
 * @param command - The executable.
 * @param args - Its arguments.
 * @param cwd - The working directory.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    let output = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output, stdout }));
  });
}
