import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  ChatStream,
  type CountTokensOptions,
  isStreamProvider,
  type ModelCost,
  type ModelLimits,
  type Provider,
  type StreamProvider,
  type TokenCount,
  ValidationError,
} from '@aigo/ai';
import {
  CircuitBreaker,
  type CircuitBreakerOptions,
  readCircuitBreaker,
} from './circuit-breaker.js';
import { type FallbackEntryInput, readFallbackEntries } from './fallback-entries.js';
import { isFallbackError } from './fallback-errors.js';
import { firstEvent } from './first-event.js';
import type { ModelRegistry } from './model-registry.js';
import { entryModel, type RouteEntry, withModel } from './route-entry.js';
import {
  type EntryCall,
  type FallbackListener,
  type FallbackPlan,
  type Routed,
  runFallback,
} from './run-fallback.js';

/** Options of {@link fallback}. */
export interface FallbackOptions {
  /**
   * Whether an entry's error moves the call on to the next entry. Default {@link isFallbackError}:
   * retryable provider errors (429, 5xx, overload, timeouts, connection failures), never
   * validation, authentication or content errors. Aborts never move on.
   */
  readonly retryOn?: (error: unknown) => boolean;
  /**
   * Skip an entry that failed `failures` times in a row for `cooldownMs`, then try it once
   * (half-open). Default `{ failures: 3, cooldownMs: 30_000 }`; `false` turns it off.
   */
  readonly circuitBreaker?: CircuitBreakerOptions | false;
  /** The registry that resolves entries given as model ids or aliases. */
  readonly registry?: ModelRegistry;
}

const OPTION_KEYS: ReadonlySet<string> = new Set(['retryOn', 'circuitBreaker', 'registry']);

/**
 * A provider that sends each call to the first healthy entry of a list and moves on to the next
 * when an entry fails with an error its `retryOn` accepts. Made by {@link fallback}.
 */
export class FallbackProvider implements StreamProvider {
  readonly id = 'fallback';
  /** The entries, in the order they are tried. */
  readonly entries: readonly RouteEntry[];
  readonly #plan: FallbackPlan;
  /** Set when some entry can count tokens. */
  readonly countTokens?: (
    request: ChatRequest,
    options?: CountTokensOptions,
  ) => Promise<TokenCount>;

  constructor(entries: readonly RouteEntry[], plan: FallbackPlan) {
    this.entries = entries;
    this.#plan = plan;
    const counter = entries.find((entry) => typeof entry.provider.countTokens === 'function');
    if (counter !== undefined) {
      this.countTokens = (request, options) =>
        (counter.provider.countTokens as NonNullable<Provider['countTokens']>)(
          withModel(request, entryModel(counter, request.model)),
          options,
        );
    }
  }

  /**
   * Runs one call through the entries: `call` is made for each entry tried, in order, until one
   * resolves. The client uses it to send each entry's attempts through its own middleware and
   * retries; `sendMessage` and `streamMessage` call the entries' providers directly.
   */
  route<T>(
    call: EntryCall<T>,
    signal: AbortSignal | undefined,
    listener?: FallbackListener,
  ): Promise<Routed<T>> {
    return runFallback(this.#plan, call, signal, listener);
  }

  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const routed = await runFallback(
      this.#plan,
      (entry) =>
        entry.provider.sendMessage(withModel(request, entryModel(entry, request.model)), options),
      options?.signal,
    );
    return routed.value;
  }

  /**
   * Starts the stream of the first healthy entry and resolves once its first event arrived: an
   * entry whose stream fails before that is left for the next one; after it, the error reaches the
   * consumer as it is.
   */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const routed = await runFallback(
      this.#plan,
      async (entry) =>
        firstEvent(
          await startStream(
            entry.provider,
            withModel(request, entryModel(entry, request.model)),
            options,
          ),
        ),
      options?.signal,
    );
    return routed.value;
  }

  /**
   * The list price of `model`: for `'<provider id>:<model>'`, from the entry's provider of that id;
   * else from the first entry's provider that knows the name.
   */
  modelCost(model: string): ModelCost | undefined {
    const colon = model.indexOf(':');
    if (colon > 0) {
      const id = model.slice(0, colon);
      const entry = this.entries.find((candidate) => candidate.provider.id === id);
      if (entry !== undefined) return entry.provider.modelCost?.(model.slice(colon + 1));
    }
    for (const entry of this.entries) {
      const cost = entry.provider.modelCost?.(model);
      if (cost !== undefined) return cost;
    }
    return undefined;
  }

  /**
   * The limits every entry can take for a call of `model`: the smallest context window and output
   * limit among the entries that know theirs, so a request trimmed to them fits whichever answers.
   */
  modelLimits(model: string): ModelLimits | undefined {
    let contextWindow: number | undefined;
    let maxOutputTokens: number | undefined;
    for (const entry of this.entries) {
      const limits = entry.provider.modelLimits?.(entryModel(entry, model));
      if (limits?.contextWindow !== undefined) {
        contextWindow = Math.min(contextWindow ?? limits.contextWindow, limits.contextWindow);
      }
      if (limits?.maxOutputTokens !== undefined) {
        maxOutputTokens = Math.min(
          maxOutputTokens ?? limits.maxOutputTokens,
          limits.maxOutputTokens,
        );
      }
    }
    if (contextWindow === undefined && maxOutputTokens === undefined) return undefined;
    return Object.freeze({
      ...(contextWindow === undefined ? {} : { contextWindow }),
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    });
  }
}

/** Starts a stream on `provider`; one that cannot stream replays its `sendMessage` answer. */
export async function startStream(
  provider: Provider,
  request: ChatRequest,
  options: CallOptions | undefined,
): Promise<ChatStream> {
  if (isStreamProvider(provider)) return provider.streamMessage(request, options);
  return ChatStream.fromResponse(await provider.sendMessage(request, options), {
    provider: provider.id,
  });
}

/** True for a provider made by {@link fallback}. */
export function isFallbackProvider(provider: unknown): provider is FallbackProvider {
  return provider instanceof FallbackProvider;
}

/**
 * A provider that keeps answering when a provider or model fails: each call goes to the first
 * healthy entry, and on an error `retryOn` accepts (by default a rate limit, an overload, a 5xx, a
 * timeout or a connection failure) to the next. A stream moves on only before its first event.
 * Entries that keep failing are skipped for a while (`circuitBreaker`). Given to `createClient`,
 * the client's retries run per entry and its overview records which entry answered.
 *
 * @example
 * const provider = fallback([openai(), { provider: anthropic(), model: 'claude-haiku-4-5' }]);
 * const client = createClient(provider, { defaultModel: 'gpt-4o-mini' });
 *
 * @throws ValidationError naming the bad entry or option: an empty list, an unknown model id or
 * alias, an entry that is no provider, an unknown option.
 */
export function fallback(
  entries: readonly FallbackEntryInput[],
  options: FallbackOptions = {},
): FallbackProvider {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { retryOn = isFallbackError, registry } = options;
  if (typeof retryOn !== 'function') {
    throw new ValidationError('options.retryOn', 'must be a function (error) => boolean');
  }
  if (registry !== undefined && (registry === null || typeof registry.resolve !== 'function')) {
    throw new ValidationError('options.registry', 'must be a registry made by createRegistry()');
  }
  const routes = Object.freeze(readFallbackEntries(entries, registry));
  const breakerOptions = readCircuitBreaker(options.circuitBreaker);
  return new FallbackProvider(routes, {
    entries: routes,
    breaker:
      breakerOptions === undefined ? undefined : new CircuitBreaker(routes.length, breakerOptions),
    retryOn,
  });
}
