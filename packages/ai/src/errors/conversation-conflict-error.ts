import { AigoError, type AigoErrorOptions } from './aigo-error.js';

/** What a `ConversationConflictError` is built from. */
export interface ConversationConflictDetails extends AigoErrorOptions {
  /** The conversation, when the memory knows its id. */
  readonly conversationId?: string | undefined;
  /** The version the turn was built on (what the writer read). */
  readonly expectedVersion: number;
  /** The version the memory held when the write arrived. */
  readonly actualVersion: number;
  /** Replaces the default message. */
  readonly message?: string;
}

/**
 * A turn was built on a history that changed before it was stored: another writer (another process,
 * a client over another store) stored a turn on the same conversation first. Nothing of this turn was
 * stored. Read the conversation again and re-run the turn on it — the client does for non-streaming
 * calls when `onConflict: 'retry'` is set; a streamed turn cannot be re-run (its tokens were
 * delivered).
 */
export class ConversationConflictError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/ConversationConflictError');
  readonly conversationId: string | undefined;
  readonly expectedVersion: number;
  readonly actualVersion: number;

  constructor(details: ConversationConflictDetails) {
    const which =
      details.conversationId === undefined
        ? 'The conversation'
        : `Conversation ${JSON.stringify(details.conversationId)}`;
    super(
      'conversation_conflict',
      details.message ??
        `${which} changed while this turn ran (built on version ${details.expectedVersion}, now at ${details.actualVersion}): another turn was stored first, and nothing of this one was; read the conversation again and re-run the turn`,
      details,
    );
    this.conversationId = details.conversationId;
    this.expectedVersion = details.expectedVersion;
    this.actualVersion = details.actualVersion;
  }
}
