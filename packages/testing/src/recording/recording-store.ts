import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ValidationError } from '@aigo/ai';

/** The index of a recording folder: one exchange per line, in the order they were recorded. */
export const RECORDING_INDEX = 'exchanges.jsonl';

/**
 * One recorded exchange, as listed in the folder's `exchanges.jsonl`. Its files sit beside the index
 * in the fixture format `fixtureRoute` replays: `NAME.request.json` (the request body),
 * `NAME.json` / `NAME.sse` / `NAME.body` (the response body, byte for byte) and `NAME.headers.json`
 * (status, method, URL without credentials, response headers).
 */
export interface RecordedExchange {
  /** The files' stem, `0001-chat-completions`. */
  readonly name: string;
  /** `requestKey` of the request. */
  readonly key: string;
  readonly method: string;
  /** The path the client asked for (with the upstream's prefix, `/api.openai.com-v1/chat/completions`). */
  readonly path: string;
  /** The response status. */
  readonly status: number;
  /** The response body's file name (`0001-chat-completions.sse`). */
  readonly body: string;
}

/** A response to store: status, headers (already filtered), body bytes and how to file them. */
export interface ExchangeToStore {
  readonly key: string;
  readonly method: string;
  readonly path: string;
  /** The upstream URL without credential-like query parameters, for the headers file. */
  readonly uri: string;
  readonly requestBody: string;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, readonly string[]>>;
  readonly body: Uint8Array;
  readonly kind: 'json' | 'sse' | 'body';
}

/**
 * Reads a recording folder's index. A missing folder or index is an empty recording.
 *
 * @throws ValidationError when a line of the index is not a recorded exchange.
 */
export function readRecordingIndex(directory: string): RecordedExchange[] {
  const file = join(directory, RECORDING_INDEX);
  if (!existsSync(file)) return [];
  const exchanges: RecordedExchange[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (error) {
      throw new ValidationError(`${file}:${index + 1}`, 'is not JSON', { cause: error });
    }
    if (!isExchange(entry)) {
      throw new ValidationError(
        `${file}:${index + 1}`,
        'must be { name, key, method, path, status, body }',
      );
    }
    exchanges.push(entry);
  }
  return exchanges;
}

function isExchange(value: unknown): value is RecordedExchange {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.name === 'string' &&
    /^[\w.-]+$/.test(entry.name) &&
    typeof entry.key === 'string' &&
    typeof entry.method === 'string' &&
    typeof entry.path === 'string' &&
    typeof entry.status === 'number' &&
    typeof entry.body === 'string' &&
    /^[\w.-]+$/.test(entry.body)
  );
}

/** The files' stem of the `sequence`-th exchange: `0007-chat-completions`. */
export function exchangeName(sequence: number, path: string): string {
  const tail = path
    .split('/')
    .filter((part) => part !== '')
    .slice(-2)
    .join('-');
  const slug = tail
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${String(sequence).padStart(4, '0')}${slug === '' ? '' : `-${slug}`}`;
}

/** Writes an exchange's files, then appends it to the index (so the index never names a missing file). */
export async function storeExchange(
  directory: string,
  name: string,
  exchange: ExchangeToStore,
): Promise<RecordedExchange> {
  await mkdir(directory, { recursive: true });
  const extension = exchange.kind === 'json' ? 'json' : exchange.kind === 'sse' ? 'sse' : 'body';
  const body = `${name}.${extension}`;
  await writeFile(join(directory, `${name}.request.json`), exchange.requestBody);
  await writeFile(join(directory, body), exchange.body);
  const headersFile = {
    status: { code: exchange.status, message: exchange.statusText },
    method: exchange.method,
    uri: exchange.uri,
    headers: exchange.headers,
  };
  await writeFile(
    join(directory, `${name}.headers.json`),
    `${JSON.stringify(headersFile, null, 2)}\n`,
  );
  const entry: RecordedExchange = {
    name,
    key: exchange.key,
    method: exchange.method,
    path: exchange.path,
    status: exchange.status,
    body,
  };
  await appendFile(join(directory, RECORDING_INDEX), `${JSON.stringify(entry)}\n`);
  return entry;
}
