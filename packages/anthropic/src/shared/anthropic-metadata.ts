import type { ProviderMetadata } from '@aigo/ai';
import { isRecord } from '@aigo/http';

/** The key under which this package keeps its values in `providerMetadata`. */
export const ANTHROPIC_METADATA_KEY = 'anthropic';

/**
 * One content block of an assistant turn as Claude sent it, recorded so that the turn goes back
 * block for block on the next request — every `thinking` block with its `signature` and every
 * `redacted_thinking` block with its `data`, in place and in order, as the API requires for a tool
 * loop with thinking on. Blocks whose content the message already holds point into it, so nothing
 * is stored twice:
 *
 * - `text` / `thinking`: a run of the answer (`content`) or of the thinking text (`reasoning`),
 *   `length` UTF-16 code units long, read from where the previous run of the same kind ended; a
 *   `thinking` record carries its `signature`;
 * - `redacted_thinking`: the block's encrypted `data`;
 * - `tool_use`: `toolCalls[index]`;
 * - `block`: a block the message has no field for, kept whole — a server tool's call and result
 *   (`server_tool_use`, `web_search_tool_result`, …), a block type this version does not know.
 *
 * The records are plain JSON (memories store them with the message).
 */
export type AnthropicBlockRecord =
  | { readonly kind: 'text'; readonly length: number }
  | { readonly kind: 'thinking'; readonly length: number; readonly signature: string }
  | { readonly kind: 'redacted_thinking'; readonly data: string }
  | { readonly kind: 'tool_use'; readonly index: number }
  | { readonly kind: 'block'; readonly block: { readonly [key: string]: unknown } };

/**
 * What this package keeps in `providerMetadata.anthropic` of a response (and so of the assistant
 * message `toAssistantMessage` makes of it):
 *
 * - `blocks`: the turn's blocks (see {@link AnthropicBlockRecord}), when the turn holds thinking, a
 *   server tool's blocks or anything else the message's fields cannot say;
 * - `stopSequence`: the stop sequence that ended the answer (`stop_reason: stop_sequence`);
 * - `container`: the code-execution container (`{ id, expiresAt }`), to reuse it with the
 *   `container` request option.
 */
export interface AnthropicMetadata {
  readonly blocks?: readonly AnthropicBlockRecord[];
  readonly stopSequence?: string;
  readonly container?: { readonly id: string; readonly expiresAt?: string };
}

/**
 * The block records of `providerMetadata.anthropic.blocks` when each is well-formed, else
 * `undefined` (the turn is then rebuilt from the message's own fields). Never throws: the value
 * comes from storage.
 */
export function readBlockRecords(
  metadata: ProviderMetadata | undefined,
): readonly AnthropicBlockRecord[] | undefined {
  const values = metadata?.[ANTHROPIC_METADATA_KEY];
  if (!isRecord(values)) return undefined;
  const blocks = values.blocks;
  if (!Array.isArray(blocks) || blocks.length === 0) return undefined;
  for (const record of blocks) if (!isBlockRecord(record)) return undefined;
  return blocks as readonly AnthropicBlockRecord[];
}

function isBlockRecord(value: unknown): value is AnthropicBlockRecord {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'text':
      return isCount(value.length);
    case 'thinking':
      return isCount(value.length) && typeof value.signature === 'string';
    case 'redacted_thinking':
      return typeof value.data === 'string';
    case 'tool_use':
      return isCount(value.index);
    case 'block':
      return isRecord(value.block) && typeof value.block.type === 'string';
    default:
      return false;
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
