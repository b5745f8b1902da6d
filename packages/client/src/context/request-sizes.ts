import type { ChatRequest, Message, StoredSummary } from '@aigo/ai';
import { type ContextGroup, replaceInGroup } from './context-groups.js';
import type { ContextState } from './context-strategy.js';
import { estimateTextTokens, MESSAGE_OVERHEAD_TOKENS } from './estimate-tokens.js';
import { OMITTED_NOTE, SUMMARY_HEADING, withSummary } from './summary-request.js';
import type { TokenCounter } from './token-counter.js';

/** What a request being fitted is made of, besides its groups. */
export interface RequestParts {
  readonly request: ChatRequest;
  /** The tokens of what the request sends besides its messages (system prompt, tools, format). */
  readonly fixed: number;
  /** The tokens of the note that opens a rebuilt request whose kept part begins with an answer. */
  readonly noteTokens: number;
  /** The groups as the history gave them (a state with other groups is rebuilt). */
  readonly groups: readonly ContextGroup[];
  /** Whether the request is rebuilt whatever the strategies do (the read or a summary left older messages out). */
  readonly leftOut: boolean;
}

/**
 * The size of the request a state sends, counted as that request will be counted: its messages, the
 * note that opens it when its older messages were left out and the kept part begins with an answer,
 * and its system prompt with the summary in it. Every message the client adds is counted against
 * the budget.
 */
export class RequestSizes {
  readonly #parts: RequestParts;
  readonly #counter: TokenCounter;
  /** The fixed tokens of the request with a summary in its system prompt, once counted. */
  readonly #withSummary = new Map<StoredSummary, number>();

  constructor(parts: RequestParts, counter: TokenCounter) {
    this.#parts = parts;
    this.#counter = counter;
  }

  /** Whether the request of `state` is rebuilt: older messages left out, or a summary added. */
  rebuilt(state: ContextState): boolean {
    return (
      this.#parts.leftOut || state.summary !== undefined || state.groups !== this.#parts.groups
    );
  }

  /** Whether the rebuilt request of `state` opens with the note (its kept part begins with an answer). */
  opensWithNote(state: ContextState): boolean {
    if (!this.rebuilt(state)) return false;
    for (const group of state.groups) {
      for (const message of group.messages) {
        if (message.role !== 'system') return message.role !== 'user';
      }
    }
    return false;
  }

  #fixedOf(summary: StoredSummary | undefined): number {
    const fixed = this.#parts.fixed;
    if (summary === undefined) return fixed;
    // Until the system prompt with the summary is counted (between strategies), an estimate that
    // is never below the estimate of that prompt.
    return (
      this.#withSummary.get(summary) ??
      fixed +
        summary.tokens +
        MESSAGE_OVERHEAD_TOKENS +
        estimateTextTokens(`${SUMMARY_HEADING}\n\n\n`)
    );
  }

  /** The request's input tokens for `state`, in the counter's tokens. */
  total(state: ContextState): number {
    let sum = this.#fixedOf(state.summary);
    for (const group of state.groups) sum += group.tokens;
    if (this.opensWithNote(state)) sum += this.#parts.noteTokens;
    return sum;
  }

  /**
   * Counts what the last strategy added the way the request will be counted: the system prompt with
   * the state's summary, and the messages it made (compacted results) when the provider counts
   * messages — whose estimates it replaces. Returns the state with those counts.
   */
  async settle(
    state: ContextState,
    model: string,
    signal: AbortSignal | undefined,
  ): Promise<ContextState> {
    const summary = state.summary;
    if (summary !== undefined && !this.#withSummary.has(summary)) {
      const request = this.#parts.request;
      const fixed = await this.#counter.fixedTokens(
        { ...request, systemPrompt: withSummary(request.systemPrompt, summary.text) },
        signal,
      );
      this.#withSummary.set(summary, fixed);
    }
    if (!this.#counter.splits(model)) return state;
    let groups: ContextGroup[] | undefined;
    for (let at = 0; at < state.groups.length; at++) {
      const group = state.groups[at] as ContextGroup;
      if (!group.messages.some((message) => this.#counter.isProvisional(model, message))) continue;
      const counts = await this.#counter.countMessages(model, group.messages, signal);
      let settled = group;
      counts.forEach((count, index) => {
        if (count !== settled.counts[index]) {
          settled = replaceInGroup(settled, index, settled.messages[index] as Message, count);
        }
      });
      groups ??= state.groups.slice();
      groups[at] = settled;
    }
    return groups === undefined ? state : { ...state, groups };
  }

  /** The request sent for `state`: rebuilt (opening with a user message, with its summary) when it must be. */
  build(state: ContextState): ChatRequest {
    const request = this.#parts.request;
    if (!this.rebuilt(state)) return request;
    const messages: Message[] = [];
    for (const group of state.groups) {
      for (const message of group.messages) messages.push(message);
    }
    if (this.opensWithNote(state)) {
      const first = messages.findIndex((message) => message.role !== 'system');
      messages.splice(first, 0, OMITTED_NOTE);
    }
    const fitted: { -readonly [K in keyof ChatRequest]: ChatRequest[K] } = { ...request, messages };
    if (state.summary !== undefined) {
      fitted.systemPrompt = withSummary(request.systemPrompt, state.summary.text);
    }
    return fitted;
  }
}
