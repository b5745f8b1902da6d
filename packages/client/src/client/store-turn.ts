import { type ChatResponse, type MemoryProvider, toAssistantMessage } from '@aigo/ai';
import type { ContextStage } from '../context/context-stage.js';
import type { PreparedTurn } from './build-request.js';
import { storeTurnMessages } from './memory-turn.js';
import type { ClientSettings } from './resolve-client-options.js';

/**
 * Stores a finished turn (the turn's messages and, unless `persistAssistantReplies` is false, the
 * reply) in one `appendMessages`, against `version` when the memory is versioned.
 */
export async function storeTurn(
  memory: MemoryProvider,
  settings: ClientSettings,
  prepared: PreparedTurn,
  response: ChatResponse,
  version: number | undefined,
  stage: ContextStage | undefined,
): Promise<void> {
  const messages = settings.persistAssistantReplies
    ? [...prepared.turnMessages, toAssistantMessage(response)]
    : prepared.turnMessages;
  // A memory that keeps token counts (bounded reads) gets each message's count with it.
  const counts =
    stage === undefined || typeof memory.readContext !== 'function'
      ? undefined
      : await stage.countsFor(prepared.request.model, messages);
  return storeTurnMessages(memory, messages, version, counts);
}
