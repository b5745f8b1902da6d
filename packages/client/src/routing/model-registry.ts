import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  ChatStream,
  type CountTokensOptions,
  type EmbeddingProvider,
  type EmbedRequest,
  type EmbedResult,
  isStreamProvider,
  type ModelCost,
  type ModelLimits,
  type Provider,
  type StreamProvider,
  type TokenCount,
  ValidationError,
} from '@aigo/ai';
import { countTokens } from '../context/count-tokens.js';
import { type ModelId, resolveAliases, splitModelId } from './registry-aliases.js';
import { withModel } from './route-entry.js';

/** Options of {@link createRegistry}. */
export interface RegistryOptions {
  /** The providers by the name model ids use: `{ openai: openai(), anthropic: anthropic() }`. */
  readonly providers: { readonly [name: string]: Provider };
  /**
   * Short names for model ids: `{ fast: 'openai:gpt-4o-mini', smart: 'anthropic:claude-sonnet-4-5' }`.
   * An alias may name another alias.
   */
  readonly aliases?: { readonly [alias: string]: string };
}

/** What a model id or alias resolves to. */
export interface ResolvedModel {
  /** The `'<provider>:<model>'` id (an alias resolved). */
  readonly id: string;
  /** The provider's name in the registry. */
  readonly providerName: string;
  readonly provider: Provider;
  /** The model sent to the provider. */
  readonly model: string;
}

const OPTION_KEYS: ReadonlySet<string> = new Set(['providers', 'aliases']);

/**
 * A provider that routes each call by its model id — `'<provider>:<model>'` or an alias — to one of
 * its providers, with the model part as the model: made by {@link createRegistry}. Prices, limits,
 * token counts and embeddings route the same way. Immutable; safe to share.
 */
export class ModelRegistry implements StreamProvider, EmbeddingProvider {
  readonly id = 'registry';
  /** The providers by name (frozen). */
  readonly providers: { readonly [name: string]: Provider };
  /** The aliases as given (frozen). */
  readonly aliases: { readonly [alias: string]: string };
  readonly #resolvedAliases: Map<string, ModelId>;
  readonly #cache = new Map<string, ResolvedModel>();

  constructor(
    providers: { readonly [name: string]: Provider },
    aliases: Map<string, ModelId>,
    given: { readonly [alias: string]: string },
  ) {
    this.providers = providers;
    this.aliases = given;
    this.#resolvedAliases = aliases;
  }

  /**
   * What `id` names: an alias, else `'<provider>:<model>'`.
   *
   * @throws ValidationError naming `argument` for an unknown alias or provider prefix.
   */
  resolve(id: string, argument = 'id'): ResolvedModel {
    const cached = this.#cache.get(id);
    if (cached !== undefined) return cached;
    if (typeof id !== 'string') throw new ValidationError(argument, 'must be a model id string');
    const parts = this.#resolvedAliases.get(id) ?? splitModelId(id);
    const provider =
      parts === undefined || !Object.hasOwn(this.providers, parts.providerName)
        ? undefined
        : this.providers[parts.providerName];
    if (parts === undefined || provider === undefined) {
      throw new ValidationError(argument, this.#unknown(id, parts));
    }
    const resolved = Object.freeze({
      id: `${parts.providerName}:${parts.model}`,
      providerName: parts.providerName,
      provider,
      model: parts.model,
    });
    // Bounded by the ids an application uses; unknown ids threw above and are never cached.
    if (this.#cache.size < 1024) this.#cache.set(id, resolved);
    return resolved;
  }

  sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    let route: ResolvedModel;
    try {
      route = this.resolve(request?.model, 'request.model');
    } catch (error) {
      return Promise.reject(error);
    }
    return route.provider.sendMessage(withModel(request, route.model), options);
  }

  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const route = this.resolve(request?.model, 'request.model');
    const routed = withModel(request, route.model);
    if (isStreamProvider(route.provider)) return route.provider.streamMessage(routed, options);
    return ChatStream.fromResponse(await route.provider.sendMessage(routed, options), {
      provider: route.provider.id,
    });
  }

  /** The list price of the model `id` names, from its provider; `undefined` for an unknown id. */
  modelCost(id: string): ModelCost | undefined {
    const route = this.#tryResolve(id);
    return route?.provider.modelCost?.(route.model);
  }

  /** The limits of the model `id` names, from its provider; `undefined` for an unknown id. */
  modelLimits(id: string): ModelLimits | undefined {
    const route = this.#tryResolve(id);
    return route?.provider.modelLimits?.(route.model);
  }

  /** Counts `request`'s tokens with the provider its model routes to (else an estimate). */
  countTokens(request: ChatRequest, options?: CountTokensOptions): Promise<TokenCount> {
    let route: ResolvedModel;
    try {
      route = this.resolve(request?.model, 'request.model');
    } catch (error) {
      return Promise.reject(error);
    }
    return countTokens(withModel(request, route.model), {
      provider: route.provider,
      ...(options?.signal === undefined ? {} : { signal: options.signal }),
    });
  }

  /** The fewest values one call of any of the registry's embedding providers carries. */
  get maxEmbeddingsPerCall(): number {
    let fewest = Number.POSITIVE_INFINITY;
    for (const provider of Object.values(this.providers)) {
      const most = (provider as Partial<EmbeddingProvider>).maxEmbeddingsPerCall;
      if (typeof most === 'number') fewest = Math.min(fewest, most);
    }
    return Number.isFinite(fewest) ? fewest : 1;
  }

  /**
   * Embeds with the provider `request.model` routes to (`'openai:text-embedding-3-small'`).
   *
   * @throws ValidationError for an unknown id, or a provider that does not embed.
   */
  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult> {
    let route: ResolvedModel;
    try {
      route = this.resolve(request?.model, 'request.model');
    } catch (error) {
      return Promise.reject(error);
    }
    const embedder = route.provider as Partial<EmbeddingProvider>;
    if (typeof embedder.embed !== 'function') {
      return Promise.reject(
        new ValidationError('request.model', `provider "${route.providerName}" does not embed`),
      );
    }
    return embedder.embed({ ...request, model: route.model }, options);
  }

  /** Closes every provider of the registry (each once). */
  async close(): Promise<void> {
    const closing = [...new Set(Object.values(this.providers))].map((provider) =>
      provider.close?.(),
    );
    const outcomes = await Promise.allSettled(closing);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #tryResolve(id: string): ResolvedModel | undefined {
    try {
      return this.resolve(id);
    } catch {
      return undefined;
    }
  }

  #unknown(id: string, parts: ModelId | undefined): string {
    const providers = Object.keys(this.providers).join(', ');
    const aliases = [...this.#resolvedAliases.keys()];
    const known = `providers: ${providers}${aliases.length === 0 ? '' : `; aliases: ${aliases.join(', ')}`}`;
    if (parts === undefined) {
      return `"${id}" is neither an alias nor a '<provider>:<model>' id (${known})`;
    }
    return `"${id}" names the unknown provider "${parts.providerName}" (${known})`;
  }
}

/**
 * A provider that routes model ids to named providers: `'openai:gpt-4o'` goes to `providers.openai`
 * as `gpt-4o`, and an alias (`fast`) to the id it stands for. Use it wherever a provider goes:
 * `createClient(registry, { defaultModel: 'fast' })`, `fallback(['fast', 'anthropic:claude-haiku-4-5'],
 * { registry })`.
 *
 * @example
 * const registry = createRegistry({
 *   providers: { openai: openai(), anthropic: anthropic() },
 *   aliases: { fast: 'openai:gpt-4o-mini', smart: 'anthropic:claude-sonnet-4-5' },
 * });
 * const client = createClient(registry, { defaultModel: 'fast' });
 *
 * @throws ValidationError naming the bad option: a value of `providers` that is not a provider, an
 * alias naming an unknown provider or alias, an alias cycle, an unknown option.
 */
export function createRegistry(options: RegistryOptions): ModelRegistry {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be { providers, aliases? }');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { providers, aliases = {} } = options;
  if (providers === null || typeof providers !== 'object' || Array.isArray(providers)) {
    throw new ValidationError('options.providers', 'must be an object of providers by name');
  }
  const names = Object.keys(providers);
  if (names.length === 0) {
    throw new ValidationError('options.providers', 'must name at least one provider');
  }
  for (const name of names) {
    const provider = providers[name] as Provider | null | undefined;
    if (name.includes(':')) {
      throw new ValidationError(
        `options.providers.${name}`,
        'a provider name must not contain ":"',
      );
    }
    if (
      provider === null ||
      typeof provider !== 'object' ||
      typeof provider.sendMessage !== 'function'
    ) {
      throw new ValidationError(
        `options.providers.${name}`,
        'must be a provider (with sendMessage())',
      );
    }
  }
  if (aliases === null || typeof aliases !== 'object' || Array.isArray(aliases)) {
    throw new ValidationError('options.aliases', 'must be an object of model ids by alias');
  }
  const resolved = resolveAliases(aliases, new Set(names));
  return new ModelRegistry(
    Object.freeze({ ...providers }),
    resolved,
    Object.freeze({ ...aliases }),
  );
}
