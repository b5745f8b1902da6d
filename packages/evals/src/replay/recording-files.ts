import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ValidationError } from '@aigo/ai';

/** One tool call recorded in a run: the tool, its arguments (canonical JSON) and what it gave. */
export interface RecordedToolCall {
  readonly tool: string;
  readonly arguments: string;
  /** What `call` resolved to (the text the model read). */
  readonly output: string;
  /** What `callWithResult` resolved to, for tools that have it (media parts, structured content). */
  readonly result?: unknown;
}

/** `tools.json` of a recording: the tool calls of each run, by run id. */
export interface ToolRecordingFile {
  readonly format: 'aigo.eval-tools';
  readonly version: 1;
  readonly runs: { readonly [runId: string]: readonly RecordedToolCall[] };
}

/** `timings.json` of a recording: each run's wall time, by run id, in milliseconds. */
export interface TimingsFile {
  readonly format: 'aigo.eval-timings';
  readonly version: 1;
  readonly runs: { readonly [runId: string]: number };
}

/**
 * Reads one of a recording's JSON files, or `undefined` when it does not exist.
 *
 * @throws ValidationError when it is not a file of `format`, version 1.
 */
export async function readRecordingFile<T extends { format: string }>(
  path: string,
  format: T['format'],
): Promise<T | undefined> {
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ValidationError(path, 'is not JSON', { cause: error });
  }
  const file = value as { format?: unknown; version?: unknown; runs?: unknown } | null;
  if (
    file?.format !== format ||
    file.version !== 1 ||
    file.runs === null ||
    typeof file.runs !== 'object'
  ) {
    throw new ValidationError(path, `must be a "${format}" file of version 1`);
  }
  return value as T;
}

/** Writes a recording file with its runs sorted by id, so re-recording gives readable diffs. */
export async function writeRecordingFile(
  path: string,
  file: {
    readonly format: string;
    readonly version: number;
    readonly runs: Record<string, unknown>;
  },
): Promise<void> {
  const runs: Record<string, unknown> = {};
  for (const runId of Object.keys(file.runs).sort()) runs[runId] = file.runs[runId];
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify({ ...file, runs }, null, 2)}\n`);
}
