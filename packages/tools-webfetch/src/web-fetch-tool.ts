import {
  checkOptionKeys,
  type DefinedTool,
  defineTool,
  type ToolMetrics,
  ValidationError,
} from '@aigo/ai';
import {
  errorFromResponse,
  pickSafeNetworkOptions,
  redactUrl,
  SAFE_FETCH_DEFAULT_MAX_BYTES,
  type SafeNetworkOptions,
  safeFetch,
} from '@aigo/http';
import { type Static, Type } from 'typebox';
import { decodePage, isReadableMediaType } from './decode-page.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { pagePart } from './page-part.js';

/** WebFetch's input. */
export const WebFetchInput = Type.Object({
  url: Type.String({
    minLength: 1,
    description: 'The page to read; https:// is assumed when the scheme is missing',
  }),
  timeout_seconds: Type.Optional(
    Type.Number({ description: 'Give up after this many seconds, 1–300 (default 30)' }),
  ),
  user_agent: Type.Optional(Type.String({ description: 'User-Agent header to send' })),
  include_html: Type.Optional(
    Type.Boolean({ description: 'Also return the raw HTML (large; default false)' }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'Where to start reading, in characters of the content: 0 (default) for the start, or the next_offset of the previous call to read the next part of a long page',
    }),
  ),
});
/** WebFetch's input. */
export type WebFetchInput = Static<typeof WebFetchInput>;

/** WebFetch's output. */
export const WebFetchOutput = Type.Object({
  url: Type.String({ description: 'The final URL, after redirects' }),
  title: Type.Optional(Type.String()),
  content_type: Type.String({ description: 'The media type the server sent' }),
  markdown: Type.String({
    description:
      'The main content as Markdown (text as it was for non-HTML) — or the part of it that starts at offset, when it is long',
  }),
  html: Type.Optional(
    Type.String({
      description: 'The raw HTML, when include_html was set (its first maxCharacters characters)',
    }),
  ),
  html_truncated: Type.Optional(
    Type.Boolean({ description: 'True when html holds only the start of the raw HTML' }),
  ),
  truncated: Type.Optional(
    Type.Boolean({
      description:
        'Present when markdown is not the whole content: true when more follows (read it with offset = next_offset), false on the last part',
    }),
  ),
  offset: Type.Optional(Type.Integer({ description: 'Where this part starts (characters)' })),
  next_offset: Type.Optional(
    Type.Integer({ description: 'The offset of the next part, when truncated' }),
  ),
  total_characters: Type.Optional(
    Type.Integer({ description: "The whole content's length (characters)" }),
  ),
});
/** WebFetch's output. */
export type WebFetchOutput = Static<typeof WebFetchOutput>;

/** WebFetch metrics (the Go tool's figures). */
export const WEBFETCH_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'free (direct HTTP fetch)',
  accuracy: 0.98,
  averageDurationInMillis: 350,
});

/** The default `User-Agent` (the Go tool's). */
export const WEBFETCH_DEFAULT_USER_AGENT = 'aigo-webfetch-tool/1.0';
/** The longest a call may take, whatever the model asks: 300 s. */
export const WEBFETCH_MAX_TIMEOUT_SECONDS = 300;
/**
 * The default longest content a call returns: 20,000 characters — about 5,000 tokens of English, a
 * long article's worth, and a small part of even an 8k-token model's context. Longer pages come in
 * parts (`offset`).
 */
export const WEBFETCH_DEFAULT_MAX_CHARACTERS = 20_000;

/**
 * Options of {@link webFetchTool}. The address checks (`allowPrivateNetwork`, `allowedPrivateHosts`,
 * `lookup`) are `safeFetch`'s and all off by default: the model chooses the URL, so the tool must not
 * reach the machine's own network unless a self-hosted setup or a test says so.
 */
export interface WebFetchToolOptions extends SafeNetworkOptions {
  /** The tool's name as the model sees it. Default `WebFetch`. */
  readonly name?: string;
  /** Default deadline of a fetch, seconds (the model may ask for 1–300). Default 30. */
  readonly timeoutSeconds?: number;
  /** Default `User-Agent`. Default `aigo-webfetch-tool/1.0`. */
  readonly userAgent?: string;
  /** Largest body read, bytes. Default 10 MiB. */
  readonly maxResponseBytes?: number;
  /** Redirects followed. Default 10. */
  readonly maxRedirects?: number;
  /**
   * The longest content (Markdown, or text) a call returns, in characters (UTF-16 code units). A
   * longer page comes in parts: the result says `truncated`, `next_offset` and `total_characters`,
   * and the model asks for the next part with `offset`. The raw HTML (`include_html`) is cut to the
   * same length. A whole number ≥ 1, or `Infinity` for whole pages. Default 20,000
   * ({@link WEBFETCH_DEFAULT_MAX_CHARACTERS}).
   */
  readonly maxCharacters?: number;
}

/** The tool made by {@link webFetchTool}. */
export type WebFetchTool = DefinedTool<typeof WebFetchInput, typeof WebFetchOutput, unknown>;

/**
 * A tool that reads a web page for a model: fetches the URL through `safeFetch` (no loopback, private
 * or link-local addresses, every redirect checked, size and time capped), keeps the page's main
 * content (Mozilla Readability) and returns it as Markdown with absolute links (Turndown). Text that is
 * not HTML (plain text, Markdown, JSON, XML) is returned as it is; binary content is refused with an
 * error the model can read.
 */
export function webFetchTool(options?: WebFetchToolOptions): WebFetchTool {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  if (options !== undefined) {
    checkOptionKeys(
      options,
      [
        'name',
        'timeoutSeconds',
        'userAgent',
        'maxResponseBytes',
        'maxRedirects',
        'maxCharacters',
        'allowPrivateNetwork',
        'allowedPrivateHosts',
        'lookup',
      ],
      { owner: 'webFetchTool()' },
    );
  }
  const defaultTimeout = options?.timeoutSeconds ?? 30;
  if (typeof defaultTimeout !== 'number' || !(defaultTimeout > 0)) {
    throw new ValidationError('options.timeoutSeconds', 'must be a positive number of seconds');
  }
  const maxCharacters = options?.maxCharacters ?? WEBFETCH_DEFAULT_MAX_CHARACTERS;
  if (
    typeof maxCharacters !== 'number' ||
    !(
      maxCharacters === Number.POSITIVE_INFINITY ||
      (Number.isInteger(maxCharacters) && maxCharacters >= 1)
    )
  ) {
    throw new ValidationError(
      'options.maxCharacters',
      'must be a whole number of characters, 1 or more (or Infinity for whole pages)',
    );
  }
  const defaultUserAgent = options?.userAgent ?? WEBFETCH_DEFAULT_USER_AGENT;
  const maxResponseBytes = options?.maxResponseBytes ?? SAFE_FETCH_DEFAULT_MAX_BYTES;
  const network = {
    ...pickSafeNetworkOptions(options),
    ...(options?.maxRedirects === undefined ? {} : { maxRedirects: options.maxRedirects }),
  };
  return defineTool({
    name: options?.name ?? 'WebFetch',
    description:
      'Reads a web page and returns its main content as Markdown (navigation, ads and scripts removed, ' +
      'links kept as absolute URLs), with the final URL after redirects. Plain text, JSON and XML come ' +
      'back as they are; images, PDFs and other binary files are refused. Only public http(s) URLs work.' +
      (maxCharacters === Number.POSITIVE_INFINITY
        ? ''
        : ` Long pages come in parts of at most ${maxCharacters} characters: when the result has truncated: true, call again with offset set to its next_offset to read on.`),
    input: WebFetchInput,
    output: WebFetchOutput,
    metrics: WEBFETCH_METRICS,
    execute: async (input, { signal }) => {
      const url = normalizeUrl(input.url);
      const seconds = Math.min(
        Math.max(input.timeout_seconds ?? defaultTimeout, 1),
        WEBFETCH_MAX_TIMEOUT_SECONDS,
      );
      const userAgent = input.user_agent?.trim() || defaultUserAgent;
      const response = await safeFetch(url, {
        ...network,
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
        },
        signal,
        timeoutMs: seconds * 1000,
        maxResponseBytes,
        acceptContentType: isReadableMediaType,
        provider: 'webfetch',
      });
      if (response.status < 200 || response.status > 299) {
        throw errorFromResponse({
          provider: 'webfetch',
          status: response.status,
          headers: response.headers,
          body: response.text().slice(0, 4096),
        });
      }
      const page = decodePage(
        response.body,
        response.mediaType,
        response.charset,
        redactUrl(response.url),
      );
      const contentType = response.mediaType || (page.kind === 'html' ? 'text/html' : 'text/plain');
      const converted =
        page.kind === 'text'
          ? { title: undefined, markdown: page.text }
          : htmlToMarkdown(page.text, response.url);
      const part = pagePart(converted.markdown, input.offset ?? 0, maxCharacters);
      return {
        url: response.url,
        ...(converted.title === undefined ? {} : { title: converted.title }),
        content_type: contentType,
        markdown: part.text,
        ...(part.offset === 0 && !part.truncated
          ? {}
          : {
              truncated: part.truncated,
              offset: part.offset,
              ...(part.truncated ? { next_offset: part.end } : {}),
              total_characters: part.total,
            }),
        ...(input.include_html === true ? rawHtml(page.text, maxCharacters) : {}),
      };
    },
  });
}

/** The raw HTML for `include_html`: at most `maxCharacters` of it, saying when it was cut. */
function rawHtml(html: string, maxCharacters: number): { html: string; html_truncated?: true } {
  if (html.length <= maxCharacters) return { html };
  const part = pagePart(html, 0, maxCharacters);
  return { html: part.text, html_truncated: true };
}

/** Trims; adds `https://` when no scheme is given; refuses other schemes. */
function normalizeUrl(raw: string): string {
  const url = raw.trim();
  if (url === '') throw new ValidationError('url', 'cannot be empty');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return url;
  if (scheme !== undefined && url.includes('://')) {
    throw new ValidationError(
      'url',
      `uses the unsupported scheme ${scheme}:; only http and https pages can be read`,
    );
  }
  if (scheme !== undefined && !/^[^:]+:\d+/.test(url)) {
    // mailto:, javascript:, data: … (but not "example.com:8080/path")
    throw new ValidationError(
      'url',
      `uses the unsupported scheme ${scheme}:; only http and https pages can be read`,
    );
  }
  return `https://${url}`;
}
