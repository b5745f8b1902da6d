import {
  AigoError,
  ATTR_ERROR_TYPE,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  noopSpan,
  type Observer,
  type Provider,
  type Span,
} from '@aigo/ai';
import {
  type ComposedCalls,
  composeMiddleware,
  type Middleware,
} from '../middleware/middleware.js';
import { observabilityMiddleware } from '../middleware/observability-middleware.js';
import type { RetryPolicy } from '../middleware/retry-policy.js';
import { type AttemptListener, runWithRetries } from '../middleware/run-with-retries.js';
import type { CallRoute } from '../overview/call-route.js';
import type { Overview } from '../overview/overview.js';
import type { FallbackProvider } from '../routing/fallback-provider.js';
import { firstEvent } from '../routing/first-event.js';
import { ATTR_AIGO_FALLBACK, FALLBACK_EVENT, withRouteAttempt } from '../routing/route-attempt.js';
import { entryModel, type RouteEntry, routeKey, withModel } from '../routing/route-entry.js';
import type { FallbackListener } from '../routing/run-fallback.js';
import { AttemptJournal } from './attempt-journal.js';
import type { CallPathSettings, ClientCalls } from './call-path.js';

/** One entry provider's call path: its observability (per attempt), then the application's layers. */
interface EntryPath {
  readonly inner: ComposedCalls;
  readonly observability: Middleware | undefined;
}

/**
 * The call path of a client over a `fallback` provider. Each attempt goes to one entry through its
 * own path — a `chat` span of its own (with `aigo.fallback.attempt` and `aigo.fallback.entry`, priced
 * at that entry's rates), the client's retries, the application's middleware, the entry's provider —
 * and the fallback moves on once the entry's retries are spent. The call gets a `fallback {model}`
 * span with an `aigo.fallback` event each time it moves on, and its overview records which entry
 * answered (`Overview.recordRoute`), each failed attempt, and the tokens failed attempts were billed.
 */
export function fallbackCalls(
  settings: CallPathSettings,
  provider: FallbackProvider,
  single: RetryPolicy,
): ClientCalls {
  const observer = settings.observability === undefined ? undefined : settings.observer;
  const paths = new Map<Provider, EntryPath>();
  for (const entry of provider.entries) {
    if (paths.has(entry.provider)) continue;
    paths.set(entry.provider, {
      inner: composeMiddleware(entry.provider, settings.middleware),
      observability:
        observer === undefined
          ? undefined
          : observabilityMiddleware(observer, {
              providerName: entry.provider.id,
              priceProvider: entry.provider,
              ...(settings.modelCost === undefined ? {} : { modelCost: settings.modelCost }),
              ...(settings.computeCost === undefined ? {} : { computeCost: settings.computeCost }),
            }),
    });
  }
  const policy = settings.retry ?? single;

  function call<T extends ChatResponse | ChatStream>(
    stream: boolean,
    request: ChatRequest,
    options: CallOptions,
    overview: Overview | undefined,
  ): Promise<T> {
    const span =
      observer === undefined ? undefined : startCallSpan(observer, request, options, provider);
    const journal =
      overview === undefined ? undefined : new AttemptJournal(overview, request.model, stream);
    // The error the entry's retries recorded last, so the fallback does not record it twice.
    let recorded: unknown;
    // A stream that failed before its first event: its error never passed the entry's retries.
    let beforeFirstEvent: { readonly error: unknown; readonly entry: RouteEntry } | undefined;
    const routeOf = (entry: RouteEntry): CallRoute => ({
      key: routeKey(entry, request.model),
      model: entryModel(entry, request.model),
      provider: entry.provider,
    });
    const listener: FallbackListener = {
      skipped: (entry) =>
        event(span, { [ATTR_AIGO_FALLBACK.entry]: entry.label, 'aigo.fallback.skipped': true }),
      entryFailed: (entry, attempt, error) => {
        if (error !== recorded) journal?.attemptFailed(error, undefined, routeOf(entry));
        event(span, {
          [ATTR_AIGO_FALLBACK.entry]: entry.label,
          [ATTR_AIGO_FALLBACK.attempt]: attempt,
          [ATTR_ERROR_TYPE]: errorType(error),
        });
      },
    };
    const attempt = (entry: RouteEntry, number: number): Promise<T> => {
      const route = routeOf(entry);
      const path = paths.get(entry.provider) as EntryPath;
      const entryRequest = withModel(request, route.model);
      const entryOptions = withRouteAttempt(span === undefined ? options : { ...options, span }, {
        key: route.key,
        label: entry.label,
        attempt: number,
      });
      const entryListener: AttemptListener | undefined =
        journal === undefined
          ? undefined
          : {
              attemptFailed: (error, delayMs) => {
                recorded = error;
                journal.attemptFailed(error, delayMs, route);
              },
              succeeded: () => {},
              failed: () => {},
            };
      const next = stream ? path.inner.stream : path.inner.send;
      const retried = (request: ChatRequest, options: CallOptions) =>
        runWithRetries<ChatResponse | ChatStream>(
          policy,
          request,
          options,
          next,
          stream,
          entryListener,
        );
      const layer = path.observability;
      const started: Promise<ChatResponse | ChatStream> =
        layer === undefined
          ? retried(entryRequest, entryOptions)
          : stream
            ? (layer.stream as NonNullable<Middleware['stream']>).call(
                layer,
                entryRequest,
                entryOptions,
                retried as never,
              )
            : (layer.send as NonNullable<Middleware['send']>).call(
                layer,
                entryRequest,
                entryOptions,
                retried as never,
              );
      if (!stream) return started as Promise<T>;
      return started.then((value) =>
        firstEvent(value as ChatStream).catch((error: unknown) => {
          beforeFirstEvent = { error, entry };
          throw error;
        }),
      ) as Promise<T>;
    };
    return provider.route(attempt, options.signal, listener).then(
      ({ value, entry, attempt: number }) => {
        const route = routeOf(entry);
        if (stream) {
          (value as ChatStream).addHooks({
            onFinish: (response) => {
              overview?.recordRoute(response, route);
              endSpan(span, entry, number, undefined);
            },
            onError: (error) => endSpan(span, entry, number, error),
          });
        } else {
          overview?.recordRoute(value as ChatResponse, route);
          endSpan(span, entry, number, undefined);
        }
        journal?.succeeded(value, route);
        return value;
      },
      (error: unknown) => {
        // An error the fallback did not move on from, raised by a stream before its first event.
        const early = beforeFirstEvent;
        if (early !== undefined && early.error === error) {
          journal?.attemptFailed(error, undefined, routeOf(early.entry));
        }
        journal?.failed();
        endSpan(span, undefined, undefined, error);
        throw error;
      },
    );
  }

  return {
    send: (request, options, overview) => call<ChatResponse>(false, request, options, overview),
    stream: (request, options, overview) => call<ChatStream>(true, request, options, overview),
  };
}

/** The call's span: `fallback {model}`, the parent of its attempts' `chat` spans. */
function startCallSpan(
  observer: Observer,
  request: ChatRequest,
  options: CallOptions,
  provider: FallbackProvider,
): Span {
  try {
    return (
      observer.startSpan(`fallback ${request.model}`, {
        kind: 'internal',
        attributes: { [ATTR_AIGO_FALLBACK.entries]: provider.entries.map((entry) => entry.label) },
        ...(options.span === undefined ? {} : { parent: options.span }),
      }) ?? noopSpan
    );
  } catch {
    return noopSpan;
  }
}

function event(
  span: Span | undefined,
  attributes: Record<string, string | number | boolean>,
): void {
  try {
    span?.addEvent(FALLBACK_EVENT, attributes);
  } catch {
    // Guarded: an observer never breaks a call.
  }
}

function endSpan(
  span: Span | undefined,
  entry: RouteEntry | undefined,
  attempts: number | undefined,
  error: unknown,
): void {
  if (span === undefined) return;
  try {
    if (entry !== undefined) span.setAttributes({ [ATTR_AIGO_FALLBACK.entry]: entry.label });
    if (attempts !== undefined) span.setAttributes({ [ATTR_AIGO_FALLBACK.attempts]: attempts });
    if (error === undefined) span.setStatus('ok');
    else {
      span.setAttributes({ [ATTR_ERROR_TYPE]: errorType(error) });
      span.setStatus('error', error instanceof Error ? error.message : String(error));
    }
    span.end();
  } catch {
    // Guarded.
  }
}

function errorType(error: unknown): string {
  if (AigoError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.name;
  return '_OTHER';
}
