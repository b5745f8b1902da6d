import type { ChatRequest, StreamProvider } from '@aigo/ai';
import type { RecordedRoute } from '../../server/recorded-route.js';
import type { RecordedServer } from '../../server/recorded-server.js';

/** What a case expects of the answer; everything is optional. */
export interface ProviderCaseExpectation {
  /** The answer's text: equal to a string, or matching a RegExp. Default: any non-empty text. */
  readonly content?: string | RegExp;
  /** The name of the first tool call. */
  readonly toolName?: string;
  /**
   * For `error401` and `error429`: the status the `ProviderError` must carry. Default: the route's
   * `status`, else 401 / 429 (Gemini answers a bad key with 400 `API_KEY_INVALID`, say).
   */
  readonly status?: number;
  /**
   * The `retryAfterMs` a 429 must carry. Default: derived from the route's `Retry-After` header
   * when it holds seconds; unchecked when the route has no such header.
   */
  readonly retryAfterMs?: number;
}

/** One recorded exchange: the routes the server answers with, and what the answer must be. */
export interface ProviderConformanceCase {
  /** The route (or routes) the recorded server serves for this case, e.g. from `fixtureRoute`. */
  readonly routes: RecordedRoute | readonly RecordedRoute[];
  /** Merged over the suite's request (`{ model, messages: [user "Hello"] }`): tools, say. */
  readonly request?: Partial<ChatRequest>;
  readonly expect?: ProviderCaseExpectation;
  /**
   * For `textStream` and `text`: where the abort and break checks stall the body, in bytes. It must
   * leave at least one whole event before it. Default: the SSE event end nearest the middle (half
   * the body for a non-SSE body).
   */
  readonly stallAfterBytes?: number;
}

/** The cases every provider supplies. */
export interface ProviderConformanceFixtures {
  /** A plain text answer to `sendMessage`. */
  readonly text: ProviderConformanceCase;
  /** A plain text answer to `streamMessage` (an SSE body). */
  readonly textStream: ProviderConformanceCase;
  /** A tool call answered to `sendMessage`. */
  readonly toolCall: ProviderConformanceCase;
  /** A tool call answered to `streamMessage`. */
  readonly toolCallStream: ProviderConformanceCase;
  /** An HTTP 401 (invalid API key). */
  readonly error401: ProviderConformanceCase;
  /** An HTTP 429 (rate limited); add a `Retry-After` header to check `retryAfterMs`. */
  readonly error429: ProviderConformanceCase;
}

/** The name of one of the fixture cases. */
export type ProviderConformanceCaseName = keyof ProviderConformanceFixtures;

/**
 * Two recordings of the same exchange, one not streamed and one streamed: `collect()` of the stream
 * must deep-equal what `sendMessage` returns.
 */
export interface ProviderConformancePair {
  readonly name?: string;
  readonly send: ProviderConformanceCaseName | ProviderConformanceCase;
  readonly stream: ProviderConformanceCaseName | ProviderConformanceCase;
}

/** What `makeProvider` gets besides the base URL. */
export interface ProviderConformanceContext {
  readonly apiKey: string;
  readonly model: string;
  readonly server: RecordedServer;
}

/** What `providerConformance` tests. */
export interface ProviderConformanceOptions {
  /** Shown in the suite title. Default: the provider's id. */
  readonly name?: string;
  /**
   * A provider that talks to the recorded server. `baseURL` is its origin, `http://127.0.0.1:PORT`
   * (no path, no trailing slash): append your API's base path. The suite closes it after each check.
   */
  readonly makeProvider: (
    baseURL: string,
    context: ProviderConformanceContext,
  ) => StreamProvider | Promise<StreamProvider>;
  /** The model name put in every request. */
  readonly model: string;
  /** A fake API key; the suite checks that it is sent and that no error ever shows it. */
  readonly apiKey: string;
  readonly fixtures: ProviderConformanceFixtures;
  /** Send/stream recordings of the same exchange, for the `collect()` equals `sendMessage` check. */
  readonly pairs?: readonly ProviderConformancePair[];
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}
