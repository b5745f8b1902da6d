/** Where the CLI writes: its output (results, tables) and its diagnostics (progress, errors). */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  /** The folder relative paths are read from and written to. */
  readonly cwd: string;
}

/** A failure the CLI reports with exit status 2 and this message (no stack). */
export class CliError extends Error {
  override readonly name = 'CliError';
}
