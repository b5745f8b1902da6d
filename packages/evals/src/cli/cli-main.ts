import { readFileSync } from 'node:fs';
import { AigoError } from '@aigo/ai';
import { CliError, type CliIo } from './cli-io.js';
import { USAGE } from './cli-usage.js';
import { compareCommand } from './compare-command.js';
import { runCommand } from './run-command.js';

/** Exit statuses of `aigo-eval`. */
export const EXIT = Object.freeze({ passed: 0, gateFailed: 1, error: 2 });

/**
 * Runs `aigo-eval` with `args` (without `node` and the script) and resolves to its exit status:
 * 0 when every gate passes, 1 when a gate fails, 2 on an error (printed to `io.stderr`).
 */
export async function cliMain(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === undefined) {
      io.stderr.write(USAGE);
      return EXIT.error;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(USAGE);
      return EXIT.passed;
    }
    if (command === '--version' || command === '-v') {
      io.stdout.write(`${packageVersion()}\n`);
      return EXIT.passed;
    }
    if (command === 'run') return await runCommand(rest, io);
    if (command === 'compare') return await compareCommand(rest, io);
    throw new CliError(`unknown command "${command}" (run, compare; --help)`);
  } catch (error) {
    io.stderr.write(`aigo-eval: ${describe(error)}\n`);
    return EXIT.error;
  }
}

function describe(error: unknown): string {
  if (error instanceof CliError) return error.message;
  if (AigoError.isInstance(error)) return `${error.message} (${error.code})`;
  if (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('ERR_PARSE_ARGS')
  ) {
    return `${error.message} (--help)`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function packageVersion(): string {
  // dist/cli.js and src/cli/cli-main.ts both find the package.json by walking up.
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@aigo/evals') return manifest.version ?? '0.0.0';
    } catch {
      // try the next
    }
  }
  return 'unknown';
}
