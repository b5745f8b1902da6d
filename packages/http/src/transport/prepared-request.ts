import { ValidationError } from '@aigo/ai';
import { redactUrl } from '../errors/redact.js';
import type { RequestOptions } from '../options/request-options.js';
import {
  describe,
  normalizeHeaders,
  optionalDuration,
  optionalObject,
  optionalSignal,
} from '../options/validate.js';
import { encodeMultipart, type MultipartPart } from './multipart-body.js';

/** Where a request goes, split once per distinct URL. */
export interface RequestTarget {
  readonly origin: string;
  readonly path: string;
}

/** One call's request, checked and serialised, ready to send. */
export interface PreparedRequest {
  readonly url: string;
  readonly target: RequestTarget;
  readonly headers: Record<string, string>;
  /** JSON text, or the chunks of a multipart body. */
  readonly body: string | readonly Uint8Array[];
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
}

/** How many parsed URLs a client keeps (a provider calls a few; more means URLs built per call). */
const MAX_CACHED_TARGETS = 64;

/** The origin and path of each URL a client calls, parsed once per distinct URL. */
export class RequestTargets {
  readonly #targets = new Map<string, RequestTarget>();

  /** The target of `url` (already checked to look like an absolute http(s) URL). */
  get(url: string): RequestTarget {
    let target = this.#targets.get(url);
    if (target === undefined) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch (error) {
        throw new ValidationError('url', `is not a valid URL: ${describe(redactUrl(url))}`, {
          cause: error,
        });
      }
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.#targets.size >= MAX_CACHED_TARGETS) this.#targets.clear();
      this.#targets.set(url, target);
    }
    return target;
  }
}

/**
 * Checks one call's arguments and serialises its body: `url` absolute http(s), `body` JSON, the
 * per-call options (signal, deadline, headers over `baseHeaders`). Allocates a header object only
 * when the call has headers of its own.
 *
 * @throws ValidationError naming the bad argument.
 */
export function prepareRequest(
  url: string,
  body: unknown,
  options: RequestOptions | undefined,
  baseHeaders: Readonly<Record<string, string>>,
  defaultTimeoutMs: number,
  targets: RequestTargets,
): PreparedRequest {
  const target = checkedTarget(url, targets);
  if (body === undefined) throw new ValidationError('body', 'is required');
  let json: string;
  try {
    json = JSON.stringify(body);
  } catch (error) {
    throw new ValidationError(
      'body',
      `cannot be serialized as JSON (${(error as Error).message})`,
      {
        cause: error,
      },
    );
  }
  if (json === undefined)
    throw new ValidationError('body', `cannot be serialized as JSON, got ${describe(body)}`);
  return withCallOptions(url, target, json, options, baseHeaders, defaultTimeoutMs);
}

/**
 * Like {@link prepareRequest} for a multipart body (`encodeMultipart`): its chunks are sent as they
 * are, with its `content-type` and `content-length`.
 *
 * @throws ValidationError naming the bad argument.
 */
export function prepareMultipartRequest(
  url: string,
  parts: readonly MultipartPart[],
  options: RequestOptions | undefined,
  baseHeaders: Readonly<Record<string, string>>,
  defaultTimeoutMs: number,
  targets: RequestTargets,
): PreparedRequest {
  const target = checkedTarget(url, targets);
  const form = encodeMultipart(parts);
  const headers = {
    ...baseHeaders,
    'content-type': form.contentType,
    'content-length': String(form.length),
  };
  return withCallOptions(url, target, form.chunks, options, headers, defaultTimeoutMs);
}

function checkedTarget(url: string, targets: RequestTargets): RequestTarget {
  if (typeof url !== 'string' || !/^https?:\/\/[^/\s]/i.test(url)) {
    throw new ValidationError(
      'url',
      `must be an absolute http(s) URL string, got ${describe(url)}`,
    );
  }
  return targets.get(url);
}

function withCallOptions(
  url: string,
  target: RequestTarget,
  body: string | readonly Uint8Array[],
  options: RequestOptions | undefined,
  baseHeaders: Readonly<Record<string, string>>,
  defaultTimeoutMs: number,
): PreparedRequest {
  let headers = baseHeaders as Record<string, string>;
  let timeoutMs = defaultTimeoutMs;
  let signal: AbortSignal | undefined;
  if (options !== undefined) {
    optionalObject(options, 'options');
    signal = optionalSignal(options.signal, 'options.signal');
    timeoutMs = optionalDuration(options.timeoutMs, 'options.timeoutMs') ?? timeoutMs;
    const extra = normalizeHeaders(options.headers, 'options.headers');
    if (extra !== undefined) headers = { ...baseHeaders, ...extra };
  }
  return { url, target, headers, body, signal, timeoutMs };
}
