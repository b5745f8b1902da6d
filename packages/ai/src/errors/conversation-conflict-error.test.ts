import { describe, expect, it } from 'vitest';
import { AigoError } from './aigo-error.js';
import { ConversationConflictError } from './conversation-conflict-error.js';
import { MemoryError } from './higher-layer-errors.js';

describe('ConversationConflictError', () => {
  it('carries the conversation id and both versions, with code conversation_conflict', () => {
    const error = new ConversationConflictError({
      conversationId: 'user-42',
      expectedVersion: 4,
      actualVersion: 7,
    });
    expect(error.code).toBe('conversation_conflict');
    expect(error.name).toBe('ConversationConflictError');
    expect(error).toMatchObject({
      conversationId: 'user-42',
      expectedVersion: 4,
      actualVersion: 7,
    });
    expect(error.message).toBe(
      'Conversation "user-42" changed while this turn ran (built on version 4, now at 7): another turn was stored first, and nothing of this one was; read the conversation again and re-run the turn',
    );
    expect(ConversationConflictError.isInstance(error)).toBe(true);
    expect(AigoError.isInstance(error)).toBe(true);
    // A conflict is not a store failure: code that handles MemoryError does not swallow it.
    expect(MemoryError.isInstance(error)).toBe(false);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ConversationConflictError',
      code: 'conversation_conflict',
      message: error.message,
      conversationId: 'user-42',
      expectedVersion: 4,
      actualVersion: 7,
    });
  });

  it('without a conversation id, says "the conversation"; a message and a cause can be given', () => {
    const cause = new Error('unique violation');
    const plain = new ConversationConflictError({ expectedVersion: 0, actualVersion: 3 });
    expect(plain.conversationId).toBeUndefined();
    expect(plain.message).toMatch(/^The conversation changed while this turn ran/);
    const custom = new ConversationConflictError({
      expectedVersion: 1,
      actualVersion: 2,
      message: 'stale',
      cause,
    });
    expect(custom.message).toBe('stale');
    expect(custom.cause).toBe(cause);
  });
});
