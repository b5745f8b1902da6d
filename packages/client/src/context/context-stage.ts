import {
  type ChatRequest,
  type ChatResponse,
  MemoryError,
  type MemoryProvider,
  type Message,
  type Observer,
  type Provider,
  type Span,
  type StoredSummary,
} from '@aigo/ai';
import type { PreparedTurn } from '../client/build-request.js';
import { readTurnHistory, type TurnHistory } from '../client/memory-turn.js';
import { groupMessages } from './context-groups.js';
import {
  type CheckedContextOptions,
  providerModelLimits,
  resolveBudget,
} from './context-options.js';
import { emptyReport, publishReport } from './context-report.js';
import type { ContextReport, ContextState, StrategyContext } from './context-strategy.js';
import { readContextWindow } from './read-context-window.js';
import { RequestSizes } from './request-sizes.js';
import { OMITTED_NOTE, summaryRequest } from './summary-request.js';
import { Calibration, type ConversationKey, TokenCounter } from './token-counter.js';

/** The history of a turn with what a bounded read adds. */
export interface ContextHistory extends TurnHistory {
  /** The stored token count of each message, when the memory keeps counts. */
  readonly tokenCounts: readonly number[] | undefined;
  /** The position (1-based) of `messages[0]` in the conversation. */
  readonly start: number;
  /** The conversation's summary, when it has one. */
  readonly summary: StoredSummary | undefined;
  /** Messages after the summary that the bounded read left out. */
  readonly unread: number;
}

/** A request fitted into its budget. */
export interface FittedRequest {
  readonly request: ChatRequest;
  /** Its input tokens by the counter (before calibration), or `undefined` when nothing was counted. */
  readonly tokens: number | undefined;
  /** Its input tokens, calibrated (what the provider is expected to count). */
  readonly sentTokens: number | undefined;
  /** The budget it was fitted into, in tokens; `undefined` when there was none. */
  readonly budget: number | undefined;
  readonly report: ContextReport | undefined;
}

/**
 * With a provider that counts whole requests exactly, a fitted request is counted when its estimate is
 * over this share of the budget (below it, even an estimate off by half fits).
 */
const VERIFY_FROM = 0.5;
/** At most this many exact counts (and refits) per request. */
const VERIFY_ROUNDS = 3;

/** Sends the summary calls (through the client's call path). */
export type SummaryCall = (
  request: ChatRequest,
  signal: AbortSignal | undefined,
) => Promise<ChatResponse>;

/** A call's part of the stage's work: its memory, signal and parent span. */
export interface ContextCall {
  readonly memory: MemoryProvider | undefined;
  readonly signal: AbortSignal | undefined;
  readonly span: Span | undefined;
}

/**
 * The context stage of one client: reads a bounded history when the memory can, counts each message
 * once, runs the strategies on the request (never on the stored conversation), keeps summaries with
 * the conversation, and learns the estimate's calibration from the usage the provider reports.
 */
export class ContextStage {
  readonly options: CheckedContextOptions;
  readonly #provider: Provider;
  readonly #observer: Observer | undefined;
  readonly #counter: TokenCounter;
  readonly #calibration = new Calibration();
  readonly #summaryCall: SummaryCall;
  /** Summaries of memories that cannot keep one (`saveSummary`), for this client's life. */
  readonly #summaries = new WeakMap<MemoryProvider, StoredSummary>();

  constructor(
    options: CheckedContextOptions,
    provider: Provider,
    observer: Observer | undefined,
    summaryCall: SummaryCall,
  ) {
    this.options = options;
    this.#provider = provider;
    this.#observer = observer;
    this.#counter = new TokenCounter(provider);
    this.#summaryCall = summaryCall;
  }

  /** Whether a call with (or without) a memory goes through the stage. */
  appliesTo(memory: MemoryProvider | undefined): boolean {
    return this.options.explicit || memory !== undefined;
  }

  /** The input budget of a request to `model`, or `undefined` when nothing is to be trimmed. */
  budget(model: string, maxOutputTokens: number | undefined): number | undefined {
    const limits = providerModelLimits(this.#provider, model);
    return resolveBudget(this.options, limits, maxOutputTokens);
  }

  #ratio(memory: MemoryProvider | undefined, model: string): number {
    return this.#counter.method(model) === 'estimate' ? this.#calibration.ratio(keyOf(memory)) : 1;
  }

  /**
   * Reads the turn's history: a bounded read (`readContext`) when the memory has one and the
   * request has a budget, else the whole conversation (its summary, when this client keeps it).
   */
  async readHistory(
    memory: MemoryProvider,
    model: string,
    maxOutputTokens: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ContextHistory> {
    const budget = this.budget(model, maxOutputTokens);
    if (budget !== undefined && typeof memory.readContext === 'function') {
      // With a summary strategy, twice the budget is read, so what falls out of the request is
      // summarised rather than left unread.
      const factor = this.options.strategies.some((one) => one.name === 'summarize') ? 2 : 1;
      const window = await readContextWindow(
        memory,
        Math.ceil((budget * factor) / this.#ratio(memory, model)),
        signal,
      );
      const counts = window.tokenCounts;
      window.messages.forEach((message, index) => {
        this.#counter.remember(model, message, counts[index] as number);
      });
      return {
        messages: window.messages,
        version: window.version,
        tokenCounts: counts,
        start: window.start,
        summary: window.summary,
        unread: Math.max(0, window.start - (window.summary?.through ?? 0) - 1),
      };
    }
    const history = await readTurnHistory(memory, signal);
    return {
      ...history,
      tokenCounts: undefined,
      start: 1,
      summary: this.#summaries.get(memory),
      unread: 0,
    };
  }

  /**
   * Fits a prepared request into its budget (`budget` overrides the one of the options and the
   * model: after an overflow). Returns the request unchanged when it fits. Everything the request
   * sends is counted against the budget: the messages kept, the note that opens a request whose kept
   * part begins with an answer, the system prompt with a summary in it.
   */
  async fit(
    prepared: PreparedTurn,
    history: ContextHistory | undefined,
    call: ContextCall,
    override?: number,
  ): Promise<FittedRequest> {
    const request = prepared.request;
    const model = request.model;
    const budget = override ?? this.budget(model, request.maxOutputTokens);
    if (budget === undefined) {
      return {
        request,
        tokens: undefined,
        sentTokens: undefined,
        budget: undefined,
        report: undefined,
      };
    }
    const signal = call.signal;
    const counter = this.#counter;
    const all = request.messages;
    const turnStart = all.length - prepared.turnMessages.length;
    // A summary read from the memory stands for the messages up to its position.
    const summary = history?.summary;
    let skip = 0;
    if (summary !== undefined && history !== undefined && history.tokenCounts === undefined) {
      skip = Math.min(turnStart, Math.max(0, summary.through - history.start + 1));
    }
    const messages = skip === 0 ? all : all.slice(skip);
    const counts = await counter.countMessages(model, messages, signal);
    const fixed = await counter.fixedTokens(request, signal);
    const [noteTokens] = await counter.countMessages(model, [OMITTED_NOTE], signal);
    const positions = positionsOf(history);
    const grouping = groupMessages(messages, counts, turnStart - skip, (index) =>
      positions?.get(messages[index] as Message),
    );
    const sizes = new RequestSizes(
      {
        request,
        fixed,
        noteTokens: noteTokens as number,
        groups: grouping.groups,
        leftOut: skip > 0 || (history?.start ?? 1) > 1 || grouping.orphans > 0,
      },
      counter,
    );
    const ratio = this.#ratio(call.memory, model);
    const report = emptyReport(budget, counter.method(model));
    report.orphanMessages = grouping.orphans;
    report.unreadMessages = history?.unread ?? 0;
    let state = await sizes.settle({ groups: grouping.groups, summary }, model, signal);
    report.tokensBefore = Math.round((sizes.total(state) + grouping.orphanTokens) * ratio);
    const context: StrategyContext = {
      budget: budget / ratio,
      model,
      signal,
      total: (one) => sizes.total(one),
      tokensOf: (message) => counter.tokensOf(model, message),
      summaryTokens: (text) => counter.tokensOf(model, { role: 'user', content: text }),
      summarise: (toSummarise, previous, maxTokens) =>
        this.#summarise(model, toSummarise, previous, maxTokens, signal),
      report,
    };
    state = await this.#applyStrategies(state, context, sizes);
    let after = sizes.total(state);
    let sent = Math.round(after * ratio);
    if (counter.countsWhole(model) && sent > budget * VERIFY_FROM) {
      // The provider counts whole requests exactly (a counting endpoint): the fitted request is
      // counted, and fitted again into the budget scaled by how far off the estimate was.
      for (let round = 1; ; round++) {
        const exact = await counter.countRequest(sizes.build(state), signal);
        if (exact === undefined || exact.method === 'estimate') break;
        report.method = exact.method;
        sent = exact.tokens;
        this.#calibration.learn(keyOf(call.memory), after, exact.tokens);
        if (exact.tokens <= budget || round >= VERIFY_ROUNDS || after === 0) break;
        const scale = exact.tokens / after;
        const next = await this.#applyStrategies(
          state,
          { ...context, budget: Math.floor(budget / scale) },
          sizes,
        );
        const shrunk = sizes.total(next);
        // Nothing more can be left out: the request goes as it is.
        if (shrunk >= after) break;
        state = next;
        after = shrunk;
        sent = Math.round(after * scale);
      }
    }
    report.tokensAfter = sent;
    report.summaryTokens = state.summary?.tokens ?? 0;
    if (state.summary !== undefined && state.summary !== summary && call.memory !== undefined) {
      await this.#keepSummary(call.memory, state.summary, signal);
    }
    publishReport(this.#observer, call.span, report, model);
    return { request: sizes.build(state), tokens: after, sentTokens: sent, budget, report };
  }

  /** Runs the strategies while the request is over `context.budget`, each result counted as it is sent. */
  async #applyStrategies(
    start: ContextState,
    context: StrategyContext,
    sizes: RequestSizes,
  ): Promise<ContextState> {
    let state = start;
    for (const strategy of this.options.strategies) {
      if (sizes.total(state) <= context.budget) break;
      state = await sizes.settle(
        await strategy.apply(state, context),
        context.model,
        context.signal,
      );
    }
    return state;
  }

  /** Learns the estimate's calibration from a call's reported prompt tokens. */
  learn(memory: MemoryProvider | undefined, fitted: FittedRequest, response: ChatResponse): void {
    if (fitted.tokens === undefined) return;
    if (this.#counter.method(fitted.request.model) !== 'estimate') return;
    this.#calibration.learn(keyOf(memory), fitted.tokens, response.usage?.promptTokens);
  }

  /**
   * The counts to store with a turn's messages, as the request that sends them will count them (each
   * counted once, and kept: the reply by the provider when it counts messages).
   */
  countsFor(model: string, messages: readonly Message[]): Promise<number[]> {
    return this.#counter.countMessages(model, messages, undefined);
  }

  async #summarise(
    model: string,
    messages: readonly Message[],
    previous: string | undefined,
    maxTokens: number,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const response = await this.#summaryCall(
      summaryRequest(model, messages, previous, maxTokens),
      signal,
    );
    return response.content;
  }

  async #keepSummary(
    memory: MemoryProvider,
    summary: StoredSummary,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    if (typeof memory.saveSummary !== 'function') {
      this.#summaries.set(memory, summary);
      return;
    }
    try {
      await memory.saveSummary(summary, signal === undefined ? undefined : { signal });
    } catch (error) {
      // The request goes out with the summary either way; a later turn makes it again.
      try {
        this.#observer?.warn('aigo client: storing the conversation summary failed', {
          'error.type': MemoryError.isInstance(error)
            ? 'MemoryError'
            : error instanceof Error
              ? error.name
              : typeof error,
        });
      } catch {
        // An observer that throws never breaks a call.
      }
    }
  }
}

function keyOf(memory: MemoryProvider | undefined): ConversationKey | undefined {
  if (memory === undefined) return undefined;
  return typeof memory.conversationId === 'string' ? memory.conversationId : memory;
}

/** The stored position of each history message, by identity. */
function positionsOf(history: ContextHistory | undefined): Map<Message, number> | undefined {
  if (history === undefined || history.messages.length === 0) return undefined;
  const positions = new Map<Message, number>();
  history.messages.forEach((message, index) => {
    positions.set(message, history.start + index);
  });
  return positions;
}
