import type { AigoError } from '../errors/aigo-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ErrorMessage } from './web-error.js';

/** Options of `toSSEStream` (and `toSSEResponse`). */
export interface SSEStreamOptions {
  /**
   * The `message` of the `error` event, from the error. Default: a fixed sentence ("The model call
   * failed." / "The agent run failed."), so nothing of the server's internals reaches the client;
   * the event's `code` says what kind of failure it was. `(error) => error.message` sends aigo's
   * message (secret-free, but it may name the provider, the model or a tool).
   */
  readonly errorMessage?: (error: AigoError) => string;
  /**
   * Sends an SSE comment (`: keep-alive`) whenever this many milliseconds passed without an event,
   * so proxies and load balancers that drop idle connections (often after 30 to 60 s) keep this one
   * while a model thinks or a tool runs. Off when unset.
   */
  readonly keepAliveMs?: number;
}

/** Options of `toSSEResponse`: the `Response`'s init (status, extra headers) and the SSE options. */
export type SSEResponseInit = ResponseInit & SSEStreamOptions;

/** The checked options, with the error message chosen. */
export interface CheckedSSEOptions {
  readonly errorMessage: ErrorMessage | undefined;
  readonly keepAliveMs: number | undefined;
}

/** Checks `options` (named `argument` in errors). */
export function checkSSEOptions(options: unknown, argument: string): CheckedSSEOptions {
  if (options === undefined) return { errorMessage: undefined, keepAliveMs: undefined };
  if (options === null || typeof options !== 'object') {
    throw new ValidationError(argument, 'must be an object');
  }
  const { errorMessage, keepAliveMs } = options as SSEStreamOptions;
  if (errorMessage !== undefined && typeof errorMessage !== 'function') {
    throw new ValidationError(`${argument}.errorMessage`, 'must be a function (error) => string');
  }
  if (
    keepAliveMs !== undefined &&
    (typeof keepAliveMs !== 'number' || !Number.isInteger(keepAliveMs) || keepAliveMs <= 0)
  ) {
    throw new ValidationError(
      `${argument}.keepAliveMs`,
      'must be a positive integer (milliseconds)',
    );
  }
  return { errorMessage, keepAliveMs };
}

/**
 * The headers of a streamed response: `defaults`, then `init.headers` (which win). `argument` names
 * the init in errors.
 */
export function responseHeaders(
  defaults: Readonly<Record<string, string>>,
  init: ResponseInit | undefined,
  argument: string,
): Headers {
  const headers = new Headers(defaults);
  if (init?.headers === undefined) return headers;
  let extra: Headers;
  try {
    extra = new Headers(init.headers);
  } catch (error) {
    throw new ValidationError(`${argument}.headers`, 'must be a valid HeadersInit', {
      cause: error,
    });
  }
  // Iterating Headers yields each Set-Cookie on its own; every other name once.
  for (const [name, value] of extra) {
    if (name === 'set-cookie') headers.append(name, value);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The init of a streamed response: `init`'s status and status text with `headers`. A status
 * `Response` refuses (outside 200–599, or one without a body, such as 204) or a malformed status text
 * is a `ValidationError` naming `argument`, thrown before the stream is read.
 */
export function checkedResponseInit(
  init: ResponseInit | undefined,
  headers: Headers,
  argument: string,
): ResponseInit {
  const checked: ResponseInit = {
    status: init?.status ?? 200,
    ...(init?.statusText === undefined ? {} : { statusText: init.statusText }),
    headers,
  };
  try {
    // The same checks the streamed Response will make, on an empty body that has nothing to lose.
    new Response('', checked);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ValidationError(argument, `is not a valid response init: ${detail}`, {
      cause: error,
    });
  }
  return checked;
}
