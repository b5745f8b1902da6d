import type { ChatRequest, Message, Provider, TokenCount, TokenCountMethod } from '@aigo/ai';
import { estimateFixedTokens, estimateMessageTokens } from './estimate-tokens.js';

/** Calibration ratios are kept between these bounds (a usage report cannot swing an estimate wildly). */
const MIN_RATIO = 0.25;
const MAX_RATIO = 4;

/**
 * Counts a request's tokens for the context stage, each message once: a count is kept per message
 * object (and model) for as long as the message lives, so a turn on a long history counts only its
 * new messages. Counts come from the provider when it counts messages apart (`@aigo/openai` with
 * `gpt-tokenizer`), else from the estimate; a stored count (a memory's `readContext`) is taken as
 * it is. One per client.
 */
export class TokenCounter {
  readonly #provider: Provider;
  readonly #byModel = new Map<string, WeakMap<Message, number>>();
  /** Whether the provider can count at all. */
  readonly #providerCounts: boolean;
  /** Per model: whether the provider's `countTokens` returns per-message counts (unknown until asked). */
  readonly #splits = new Map<string, boolean>();
  #fixedKey: readonly unknown[] | undefined;
  #fixedTokens = 0;

  constructor(provider: Provider) {
    this.#provider = provider;
    this.#providerCounts = typeof provider.countTokens === 'function';
  }

  /** How `model` is counted: `tokenizer` when the provider counts its messages apart, else `estimate`. */
  method(model: string): TokenCountMethod {
    return this.#splits.get(model) === true ? 'tokenizer' : 'estimate';
  }

  #cache(model: string): WeakMap<Message, number> {
    let cache = this.#byModel.get(model);
    if (cache === undefined) {
      cache = new WeakMap();
      this.#byModel.set(model, cache);
    }
    return cache;
  }

  /** Keeps `count` as the tokens of `message` (a stored count, or one made by a strategy). */
  remember(model: string, message: Message, count: number): void {
    this.#cache(model).set(message, count);
  }

  /** The kept count of `message`, else its estimate (kept from then on). Synchronous. */
  tokensOf(model: string, message: Message): number {
    const cache = this.#cache(model);
    let count = cache.get(message);
    if (count === undefined) {
      count = estimateMessageTokens(message);
      cache.set(message, count);
    }
    return count;
  }

  /**
   * The tokens of each message: kept counts as they are; the others counted in one provider call
   * when the provider counts messages apart, else estimated — and kept.
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
      const known = cache.get(messages[index] as Message);
      if (known !== undefined) {
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
      counts[index] = count;
      cache.set(messages[index] as Message, count);
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
      if (counted?.method === 'tokenizer' && split?.length === messages.length) {
        this.#splits.set(model, true);
        return [...split];
      }
      if (this.#splits.size >= 256) this.#splits.clear();
      this.#splits.set(model, false);
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
      // A counter that fails (its optional tokenizer is not installed) leaves the estimate.
      return undefined;
    }
  }

  /**
   * The tokens of what `request` sends besides its messages (system prompt, tools, format, reply
   * priming): the last result is kept while those parts are the same objects.
   */
  async fixedTokens(request: ChatRequest, signal: AbortSignal | undefined): Promise<number> {
    const key = [request.model, request.systemPrompt, request.tools, request.responseFormat];
    const last = this.#fixedKey;
    if (last !== undefined && key.every((part, index) => part === last[index])) {
      return this.#fixedTokens;
    }
    let tokens = estimateFixedTokens(request);
    if (this.#splits.get(request.model) === true) {
      const counted = await this.#providerCount({ ...request, messages: [] }, signal);
      if (counted !== undefined) tokens = counted.fixed ?? counted.tokens;
    }
    this.#fixedKey = key;
    this.#fixedTokens = tokens;
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
