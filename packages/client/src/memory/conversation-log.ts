import { ConversationConflictError, type Message } from '@aigo/ai';
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

  /** Empties it; the version goes back to 0 and the turn ids are forgotten with the messages. */
  clear(): void {
    this.#messages.length = 0;
    this.#turnIds.clear();
    this.#version = 0;
    this.createdAt = undefined;
    this.lastActivityAt = undefined;
  }
}
