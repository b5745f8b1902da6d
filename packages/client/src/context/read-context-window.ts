import { type ContextWindow, MemoryError, type MemoryProvider, type StoredSummary } from '@aigo/ai';
import { asMemoryError } from '../client/memory-turn.js';

const BAD_WINDOW =
  'The memory’s readContext() did not return { messages, tokenCounts, start, total, version, summary } (arrays of one length, non-negative integers): fix the memory';

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function checkSummary(summary: unknown): StoredSummary | undefined {
  if (summary === undefined || summary === null) return undefined;
  const { text, through, tokens } = summary as Partial<StoredSummary>;
  if (typeof text !== 'string' || !isCount(through) || !isCount(tokens)) {
    throw new MemoryError(BAD_WINDOW);
  }
  return { text, through, tokens };
}

/**
 * A bounded read of the conversation (`memory.readContext`), checked at the boundary like every
 * other memory answer.
 *
 * @throws MemoryError when the memory fails or answers with something else than a context window.
 */
export async function readContextWindow(
  memory: MemoryProvider,
  maxTokens: number,
  signal: AbortSignal | undefined,
): Promise<ContextWindow> {
  try {
    const read = (await (memory.readContext as NonNullable<MemoryProvider['readContext']>)({
      maxTokens,
      ...(signal === undefined ? {} : { signal }),
    })) as Partial<ContextWindow> | undefined;
    const { messages, tokenCounts, start, total, version } = read ?? {};
    if (
      !Array.isArray(messages) ||
      !Array.isArray(tokenCounts) ||
      tokenCounts.length !== messages.length ||
      !tokenCounts.every(isCount) ||
      !isCount(start) ||
      !isCount(total) ||
      !isCount(version)
    ) {
      throw new MemoryError(BAD_WINDOW);
    }
    return {
      messages,
      tokenCounts,
      start,
      total,
      version,
      summary: checkSummary(read?.summary),
    };
  } catch (error) {
    throw asMemoryError(error, 'Reading the conversation from memory failed');
  }
}
