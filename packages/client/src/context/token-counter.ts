import type { ChatRequest, Message, Provider, TokenCount, TokenCountMethod } from '@aigo/ai';
import { estimateFixedTokens, estimateMessageTokens } from './estimate-tokens.js';

/** Calibration ratios are kept between these bounds (a usage report cannot swing an estimate wildly). */
const MIN_RATIO = 0.25;
const MAX_RATIO = 4;
/** How many fixed parts (system prompt, tools, format) a counter keeps the count of. */
const FIXED_ENTRIES = 4;

/** The counts of one model's messages. */
interface ModelCounts {
  readonly counts: WeakMap<Message, number>;
  /**
   * Messages a strategy made (a compacted result) while the provider counts this model's messages:
   * estimated at once, counted by the provider before the request is sent.
   */
  readonly provisional: WeakSet<Message>;
}

interface FixedCount {
  readonly key: readonly unknown[];
  readonly tokens: number;
}

/**
 * Counts a request's tokens for the context stage, each message once: a count is kept per message
 * object (and model) for as long as the message lives, so a turn on a long history counts only its
 * new messages. Counts come from the provider when it counts messages apart (`@aigo/openai` with
 * `gpt-tokenizer`, `@aigo/anthropic`'s estimate), else from the client's estimate; a stored count
 * (a memory's `readContext`) is taken as it is. A provider that counts only whole requests (a
 * counting endpoint) is asked for the fitted request instead ({@link countRequest}). One per client.
 */
export class TokenCounter {
  readonly #provider: Provider;
  readonly #byModel = new Map<string, ModelCounts>();
  /** Whether the provider can count at all. */
  readonly #providerCounts: boolean;
  /**
   * Per model: the method of the provider's per-message counts, or `false` when its counts do not
   * tell messages apart (unknown until asked).
   */
  readonly #splits = new Map<string, TokenCountMethod | false>();
  /** Per model: the method of the provider's whole-request counts, for a provider that gives no split. */
  readonly #whole = new Map<string, TokenCountMethod>();
  readonly #fixed: FixedCount[] = [];

  constructor(provider: Provider) {
    this.#provider = provider;
    this.#providerCounts = typeof provider.countTokens === 'function';
  }

  /** How `model`'s messages are counted: the provider's method when it counts them apart, else `estimate`. */
  method(model: string): TokenCountMethod {
    return this.#splits.get(model) || 'estimate';
  }

  /** Whether the provider counts `model`'s messages apart (known after the first count). */
  splits(model: string): boolean {
    return typeof this.#splits.get(model) === 'string';
  }

  /**
   * Whether a fitted request to `model` is to be counted whole by the provider: it can count, does not
   * tell messages apart, and its whole counts are not estimates (a counting endpoint).
   */
  countsWhole(model: string): boolean {
    return (
      this.#providerCounts &&
      this.#splits.get(model) === false &&
      this.#whole.get(model) !== 'estimate'
    );
  }

  #cache(model: string): ModelCounts {
    let cache = this.#byModel.get(model);
    if (cache === undefined) {
      cache = { counts: new WeakMap(), provisional: new WeakSet() };
      this.#byModel.set(model, cache);
    }
    return cache;
  }

  /** Keeps `count` as the tokens of `message` (a stored count). */
  remember(model: string, message: Message, count: number): void {
    const cache = this.#cache(model);
    cache.counts.set(message, count);
    cache.provisional.delete(message);
  }

  /**
   * The kept count of `message`, else its estimate (kept from then on; when the provider counts the
   * model's messages, it counts this one too before the request is sent). Synchronous.
   */
  tokensOf(model: string, message: Message): number {
    const cache = this.#cache(model);
    let count = cache.counts.get(message);
    if (count === undefined) {
      count = estimateMessageTokens(message);
      cache.counts.set(message, count);
      if (this.splits(model)) cache.provisional.add(message);
    }
    return count;
  }

  /** Whether `message`'s kept count is an estimate the provider is still to replace. */
  isProvisional(model: string, message: Message): boolean {
    return this.#byModel.get(model)?.provisional.has(message) === true;
  }

  /**
   * The tokens of each message: kept counts as they are; the others (and provisional ones) counted in
   * one provider call when the provider counts messages apart, else estimated — and kept.
   */
  async countMessages(
    model: string,
    messages: readonly Message[],
    signal: AbortSignal | undefined,
  ): Promise<number[]> {
    const cache = this.#cache(model);
    const counts = new Array<number>(messages.length);
    let missing: number[] | undefined;
    for (let index = 0; index < messages.length; index++) {
      const message = messages[index] as Message;
      const known = cache.counts.get(message);
      if (known !== undefined && !cache.provisional.has(message)) {
        counts[index] = known;
        continue;
      }
      missing ??= [];
      missing.push(index);
    }
    if (missing === undefined) return counts;
    const fresh = await this.#countFresh(
      model,
      missing.map((index) => messages[index] as Message),
      signal,
    );
    missing.forEach((index, at) => {
      const count = fresh[at] as number;
      const message = messages[index] as Message;
      counts[index] = count;
      cache.counts.set(message, count);
      cache.provisional.delete(message);
    });
    return counts;
  }

  async #countFresh(
    model: string,
    messages: readonly Message[],
    signal: AbortSignal | undefined,
  ): Promise<number[]> {
    if (this.#providerCounts && this.#splits.get(model) !== false) {
      const counted = await this.#providerCount({ model, messages }, signal);
      const split = counted?.messages;
      if (counted !== undefined && split?.length === messages.length) {
        this.#splits.set(model, counted.method);
        return [...split];
      }
      if (this.#splits.size >= 256) this.#splits.clear();
      this.#splits.set(model, false);
      if (counted !== undefined) this.#whole.set(model, counted.method);
    }
    return messages.map(estimateMessageTokens);
  }

  async #providerCount(
    request: ChatRequest,
    signal: AbortSignal | undefined,
  ): Promise<TokenCount | undefined> {
    try {
      return await (this.#provider.countTokens as NonNullable<Provider['countTokens']>)(
        request,
        signal === undefined ? undefined : { signal },
      );
    } catch {
      // An abort stops the call; a counter that fails otherwise (its optional tokenizer is not
      // installed, its endpoint is down) leaves the estimate.
      signal?.throwIfAborted();
      return undefined;
    }
  }

  /**
   * The provider's count of a whole request (a counting endpoint's), or `undefined` when it cannot
   * count it. Remembers how the provider counts whole requests of the model.
   */
  async countRequest(
    request: ChatRequest,
    signal: AbortSignal | undefined,
  ): Promise<TokenCount | undefined> {
    if (!this.#providerCounts) return undefined;
    const counted = await this.#providerCount(request, signal);
    if (counted !== undefined) {
      if (this.#whole.size >= 256) this.#whole.clear();
      this.#whole.set(request.model, counted.method);
    }
    return counted;
  }

  /**
   * The tokens of what `request` sends besides its messages (system prompt, tools, format, reply
   * priming): the last few results are kept while those parts are the same objects (a request with a
   * summary in its system prompt and the same without are both kept).
   */
  async fixedTokens(request: ChatRequest, signal: AbortSignal | undefined): Promise<number> {
    const key = [request.model, request.systemPrompt, request.tools, request.responseFormat];
    const found = this.#fixed.find((entry) =>
      key.every((part, index) => part === entry.key[index]),
    );
    if (found !== undefined) return found.tokens;
    let tokens = estimateFixedTokens(request);
    if (this.splits(request.model)) {
      const counted = await this.#providerCount({ ...request, messages: [] }, signal);
      if (counted !== undefined) tokens = counted.fixed ?? counted.tokens;
    }
    if (this.#fixed.length >= FIXED_ENTRIES) this.#fixed.shift();
    this.#fixed.push({ key, tokens });
    return tokens;
  }
}

/**
 * Usage-calibrated estimates: after a call, the ratio of the prompt tokens the provider reported to
 * the estimate of the same request, per conversation; the next turn's estimate is scaled by it.
 */
export class Calibration {
  readonly #byObject = new WeakMap<object, number>();
  readonly #byId = new Map<string, number>();

  /** The ratio for `conversation` (an id or a memory object; 1 until a call reported usage). */
  ratio(conversation: ConversationKey | undefined): number {
    if (conversation === undefined) return 1;
    return (
      (typeof conversation === 'string'
        ? this.#byId.get(conversation)
        : this.#byObject.get(conversation)) ?? 1
    );
  }

  /** Learns from a call: `reported` prompt tokens for a request estimated at `estimated`. */
  learn(
    conversation: ConversationKey | undefined,
    estimated: number,
    reported: number | undefined,
  ): void {
    if (conversation === undefined || reported === undefined || !(estimated > 0)) return;
    if (!Number.isFinite(reported) || reported <= 0) return;
    const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, reported / estimated));
    if (typeof conversation !== 'string') {
      this.#byObject.set(conversation, ratio);
      return;
    }
    // Ids are remembered up to a bound (the oldest learnt is forgotten first).
    this.#byId.delete(conversation);
    if (this.#byId.size >= MAX_REMEMBERED_IDS) {
      const oldest = this.#byId.keys().next().value;
      if (oldest !== undefined) this.#byId.delete(oldest);
    }
    this.#byId.set(conversation, ratio);
  }
}

/** A conversation, for calibration: its id when the memory has one, else the memory object. */
export type ConversationKey = string | object;

const MAX_REMEMBERED_IDS = 10_000;
