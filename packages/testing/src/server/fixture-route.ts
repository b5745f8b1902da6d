import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { fixturePath } from './fixtures.js';
import type { Fault, RecordedRoute } from './recorded-route.js';
import { sseFromChunksJsonl } from './sse-from-chunks.js';

/** What `fixtureRoute` builds a route from. */
export interface FixtureRouteOptions {
  /** The URL pathname to answer (a string matched exactly, or a RegExp). */
  readonly path: string | RegExp;
  /**
   * The fixture: a path relative to this package's `fixtures` folder
   * (`'openai-chat/stream-tool-call.sse'`), or an absolute path to a recording of your own.
   * `.sse` files are sent as the SSE body byte-for-byte, `.chunks.jsonl` files are turned into SSE
   * (see `sseFromChunksJsonl`), anything else (`.json`) is sent as the body byte-for-byte.
   */
  readonly fixture: string;
  /** Default `POST`. */
  readonly method?: string;
  /** Replaces the recorded status. */
  readonly status?: number;
  /** Merged over the recorded headers (a name given here replaces the recorded one, whatever its case). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fault?: Fault;
  readonly times?: number;
  /** For `.chunks.jsonl` fixtures: end with `data: [DONE]`. Default true for `openai-chat/` fixtures, else false. */
  readonly done?: boolean;
}

/** Headers of a recording that describe the original connection, not this replay. */
const DROPPED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
]);

interface RecordedHeadersFile {
  readonly status?: { readonly code?: number };
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
}

/**
 * A route that replays a fixture. When `NAME.headers.json` exists beside the fixture, its status and
 * headers are used (minus framing headers — `content-length`, `transfer-encoding`,
 * `content-encoding`, `connection`, `keep-alive` — which describe the original connection); `status`
 * and `headers` given here win.
 */
export function fixtureRoute(options: FixtureRouteOptions): RecordedRoute {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with path and fixture');
  }
  if (typeof options.path !== 'string' && !(options.path instanceof RegExp)) {
    throw new ValidationError('options.path', 'must be a string or a RegExp');
  }
  if (typeof options.fixture !== 'string' || options.fixture === '') {
    throw new ValidationError(
      'options.fixture',
      'must be a fixture path such as "openai-chat/text.json"',
    );
  }
  const file = isAbsolute(options.fixture) ? options.fixture : fixturePath(options.fixture);
  if (!existsSync(file)) {
    throw new ValidationError('options.fixture', `no fixture at ${file}`);
  }
  const bytes = new Uint8Array(readFileSync(file));
  const stem = file.replace(/(\.chunks\.jsonl|\.sse|\.json)$/, '');
  const recorded = readHeadersFile(`${stem}.headers.json`);

  const headers: Record<string, string> = { ...recorded.headers };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    for (const existing of Object.keys(headers)) {
      if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    }
    headers[name] = value;
  }

  const route: {
    -readonly [K in keyof RecordedRoute]: RecordedRoute[K];
  } = { path: options.path, method: options.method ?? 'POST', headers };
  const status = options.status ?? recorded.status;
  if (status !== undefined) route.status = status;
  if (options.fault !== undefined) route.fault = options.fault;
  if (options.times !== undefined) route.times = options.times;

  if (file.endsWith('.sse')) {
    route.sse = bytes;
  } else if (file.endsWith('.chunks.jsonl')) {
    const done = options.done ?? /(^|[\\/])openai-chat[\\/]/.test(options.fixture);
    route.sse = sseFromChunksJsonl(Buffer.from(bytes).toString('utf8'), { done });
  } else {
    route.body = bytes;
  }
  return route;
}

function readHeadersFile(file: string): { status?: number; headers: Record<string, string> } {
  if (!existsSync(file)) return { headers: {} };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as RecordedHeadersFile;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.headers ?? {})) {
    if (DROPPED_HEADERS.has(name.toLowerCase())) continue;
    headers[name] = typeof value === 'string' ? value : value.join(', ');
  }
  const code = parsed.status?.code;
  return typeof code === 'number' ? { status: code, headers } : { headers };
}
