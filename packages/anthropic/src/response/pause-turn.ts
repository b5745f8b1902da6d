import { isRecord, type JsonRecord, numberOf, recordOf } from '@aigo/http';
import type { AnthropicBlock, AnthropicRequestBody } from '../wire/anthropic-api.js';

/** Usage counts that add up across the continued parts of one turn. */
const SUMMED = [
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
] as const;

/**
 * A turn the API paused (`stop_reason: pause_turn`: a server tool's long turn) is continued: the
 * paused content goes back as the assistant's turn and the request is sent again, up to `max`
 * times. The parts come back as one message: the blocks of every part in order, the usage of all of
 * them added up, the id, model and stop reason of the last. A message that was not paused comes
 * back as it is.
 */
export async function continuePausedTurns(
  first: unknown,
  body: AnthropicRequestBody,
  max: number,
  send: (body: AnthropicRequestBody) => Promise<unknown>,
): Promise<unknown> {
  if (!isPaused(first) || max === 0) return first;
  let message = first as JsonRecord;
  const blocks: unknown[] = [...(message.content as unknown[])];
  let usage = recordOf(message.usage);
  for (let round = 0; round < max && isPaused(message); round++) {
    const next = await send(continuationBody(body, blocks as AnthropicBlock[]));
    if (!isRecord(next) || !Array.isArray(next.content)) return next;
    message = next;
    blocks.push(...next.content);
    usage = addUsage(usage, recordOf(next.usage));
  }
  return { ...message, content: blocks, ...(usage === undefined ? {} : { usage }) };
}

/**
 * The request that continues a paused turn: the original one with the turn's blocks so far as the
 * assistant's last message (after the blocks of an assistant prefill, when the request ended with
 * one).
 */
export function continuationBody(
  body: AnthropicRequestBody,
  blocks: readonly AnthropicBlock[],
): AnthropicRequestBody {
  const messages = [...body.messages];
  const last = messages[messages.length - 1];
  if (last?.role === 'assistant') {
    messages[messages.length - 1] = { role: 'assistant', content: [...last.content, ...blocks] };
  } else {
    messages.push({ role: 'assistant', content: [...blocks] });
  }
  return { ...body, messages };
}

function isPaused(message: unknown): boolean {
  return (
    isRecord(message) && message.stop_reason === 'pause_turn' && Array.isArray(message.content)
  );
}

function addUsage(a: JsonRecord | undefined, b: JsonRecord | undefined): JsonRecord | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const sum: JsonRecord = { ...b };
  for (const key of SUMMED) {
    const left = numberOf(a[key]);
    const right = numberOf(b[key]);
    if (left !== undefined || right !== undefined) sum[key] = (left ?? 0) + (right ?? 0);
  }
  const one = recordOf(a.cache_creation);
  const two = recordOf(b.cache_creation);
  if (one !== undefined || two !== undefined) {
    sum.cache_creation = {
      ephemeral_5m_input_tokens:
        (numberOf(one?.ephemeral_5m_input_tokens) ?? 0) +
        (numberOf(two?.ephemeral_5m_input_tokens) ?? 0),
      ephemeral_1h_input_tokens:
        (numberOf(one?.ephemeral_1h_input_tokens) ?? 0) +
        (numberOf(two?.ephemeral_1h_input_tokens) ?? 0),
    };
  }
  return sum;
}
