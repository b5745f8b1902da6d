import {
  type ContextWindow,
  ConversationConflictError,
  type Message,
  type StoredSummary,
} from '@aigo/ai';
import { estimateMessageTokens } from '../context/estimate-tokens.js';
import { type CheckedReadOptions, readWindow } from './read-window.js';

/** Hands out versions: each call a new one, never 0, never repeated by its owner. */
export type VersionSource = () => number;

/**
 * The stored state of one in-process conversation: its frozen messages, its version and the ids of
 * the turns it holds. Every method is synchronous, so each one is atomic in the process. Internal to
 * the in-memory memories.
 */
export class ConversationLog {
  /** Frozen messages in a private array: appends push, reads hand out copies of the array. */
  readonly #messages: Message[];
  readonly #turnIds = new Set<string>();
  /** Each message's tokens up to and including it (running sums): bounded reads search them. */
  readonly #runningTokens: number[] = [];
  #summary: StoredSummary | undefined;
  readonly #nextVersion: VersionSource;
  #version: number;
  /**
   * When the first message was stored (since the last clear), and the last one; kept by the store
   * that lists its conversations (a standalone memory needs neither).
   */
  createdAt: Date | undefined;
  lastActivityAt: Date | undefined;

  constructor(nextVersion: VersionSource, messages: Message[] = []) {
    this.#nextVersion = nextVersion;
    this.#messages = messages;
    this.#version = messages.length === 0 ? 0 : nextVersion();
    this.#addCounts(messages, undefined);
  }

  #addCounts(messages: readonly Message[], counts: readonly number[] | undefined): void {
    let running = this.#runningTokens.at(-1) ?? 0;
    messages.forEach((message, index) => {
      running += counts?.[index] ?? estimateMessageTokens(message);
      this.#runningTokens.push(running);
    });
  }

  /** How many messages it holds. */
  get size(): number {
    return this.#messages.length;
  }

  /** `0` when it holds nothing; another value after every change. */
  get version(): number {
    return this.#version;
  }

  /** The stored messages themselves (frozen); callers copy the array before handing it out. */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  /**
   * Stores already checked and frozen messages as one batch, unless `turnId` is stored already (then
   * nothing changes) or `expectedVersion` is stale (then it throws and nothing changes). An empty
   * batch changes nothing and checks nothing.
   *
   * @throws ConversationConflictError when `expectedVersion` is not the current version.
   */
  append(
    copies: readonly Message[],
    expectedVersion: number | undefined,
    turnId: string | undefined,
    conversationId: string | undefined,
    tokenCounts?: readonly number[],
  ): void {
    if (copies.length === 0) return;
    if (turnId !== undefined && this.#turnIds.has(turnId)) return;
    if (expectedVersion !== undefined && expectedVersion !== this.#version) {
      throw new ConversationConflictError({
        conversationId,
        expectedVersion,
        actualVersion: this.#version,
      });
    }
    for (const copy of copies) this.#messages.push(copy);
    this.#addCounts(copies, tokenCounts?.length === copies.length ? tokenCounts : undefined);
    if (turnId !== undefined) this.#turnIds.add(turnId);
    this.#version = this.#nextVersion();
  }

  /** Records a write as the conversation's latest activity (and its first, after a clear). */
  touch(): void {
    const now = new Date();
    this.createdAt ??= now;
    this.lastActivityAt = now;
  }

  /** The messages a read asks for (checked options), oldest first, in a new array. */
  read(options: CheckedReadOptions): Message[] {
    return readWindow(this.#messages, options);
  }

  /**
   * The newest messages after the summary back to the first whose newer messages hold `maxTokens`
   * or more (at most `maxMessages`), found by binary search on the running sums: a read's cost does
   * not grow with the conversation.
   */
  readContext(maxTokens: number, maxMessages: number): ContextWindow {
    const total = this.#messages.length;
    const running = this.#runningTokens;
    const last = running.at(-1) ?? 0;
    const after = Math.min(total, this.#summary?.through ?? 0);
    // The first index whose newer messages (after it) hold fewer than maxTokens.
    let low = after;
    let high = total;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (last - (running[middle] as number) < maxTokens) high = middle;
      else low = middle + 1;
    }
    let from = Math.max(low, total - maxMessages, after);
    // Never start at a tool result: go back to the call it answers.
    while (from > after && this.#messages[from]?.role === 'tool') from -= 1;
    const counts: number[] = [];
    for (let index = from; index < total; index++) {
      counts.push((running[index] as number) - (index === 0 ? 0 : (running[index - 1] as number)));
    }
    return {
      messages: this.#messages.slice(from),
      tokenCounts: counts,
      start: from + 1,
      total,
      version: this.#version,
      summary: this.#summary,
    };
  }

  /** The conversation's summary. */
  get summary(): StoredSummary | undefined {
    return this.#summary;
  }

  /** Keeps `summary` (checked and frozen by the caller) as the conversation's summary. */
  set summary(summary: StoredSummary | undefined) {
    this.#summary = summary;
  }

  /** Empties it; the version goes back to 0 and the turn ids are forgotten with the messages. */
  clear(): void {
    this.#messages.length = 0;
    this.#runningTokens.length = 0;
    this.#summary = undefined;
    this.#turnIds.clear();
    this.#version = 0;
    this.createdAt = undefined;
    this.lastActivityAt = undefined;
  }
}
