import type {
  CallOptions,
  ChatRequest,
  ChatResponse,
  ChatStream,
  ComputeCost,
  ModelCosts,
  Observer,
  Provider,
} from '@aigo/ai';
import type { Middleware } from '../middleware/middleware.js';
import type { RetryPolicy } from '../middleware/retry-policy.js';
import type { Overview } from '../overview/overview.js';

/** What a client's call path is made of (part of its resolved settings). */
export interface CallPathSettings {
  readonly provider: Provider;
  /** The application's middleware, first outermost. */
  readonly middleware: readonly Middleware[];
  /** The observability middleware, outermost of all, when the client has an observer. */
  readonly observability: Middleware | undefined;
  /** The client's own retries, between the observability middleware and the application's. */
  readonly retry: RetryPolicy | undefined;
  /** The observer behind `observability` (a fallback's attempts get spans of their own). */
  readonly observer: Observer | undefined;
  readonly modelCost: ModelCosts | undefined;
  readonly computeCost: ComputeCost | undefined;
}

/** The model calls of a client: through its layers to the provider, recorded into an overview. */
export interface ClientCalls {
  /** One non-streaming call; its attempts are recorded into `overview` when there is one. */
  send(
    request: ChatRequest,
    options: CallOptions,
    overview: Overview | undefined,
  ): Promise<ChatResponse>;
  /**
   * Starts one stream; its attempts are recorded into `overview`, when there is one, once the stream
   * finished or failed (or failed to start).
   */
  stream(
    request: ChatRequest,
    options: CallOptions,
    overview: Overview | undefined,
  ): Promise<ChatStream>;
}
