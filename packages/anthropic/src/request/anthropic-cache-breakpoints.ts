import type {
  AnthropicBlock,
  AnthropicCacheControl,
  AnthropicMessage,
  AnthropicSystemBlock,
  AnthropicTool,
} from '../wire/anthropic-api.js';

/** The most `cache_control` breakpoints one request may carry. */
export const MAX_CACHE_BREAKPOINTS = 4;

/** Blocks the API refuses a `cache_control` on. */
const UNCACHEABLE = new Set(['thinking', 'redacted_thinking']);

/** What the breakpoints go on: the parts of the body, changed in place. */
export interface CacheTargets {
  readonly tools: AnthropicTool[] | undefined;
  readonly system: AnthropicSystemBlock[];
  readonly messages: AnthropicMessage[];
}

/**
 * Puts automatic prompt-cache breakpoints on the stable prefix, in this order of importance, as
 * long as the request stays within {@link MAX_CACHE_BREAKPOINTS} with the breakpoints it already
 * has (set on parts through `providerMetadata.anthropic.cacheControl`):
 *
 * 1. the last tool (caches the tool definitions);
 * 2. the last system block (tools and system);
 * 3. the last block of the last message (the whole conversation: the next turn reads it);
 * 4. the last block before the newest user turn (the conversation up to the last turn, which the
 *    previous call wrote: read now even when the newest turn is longer than the API's look-back).
 *
 * A breakpoint goes on the last block of a message that can carry one (never a thinking block); one
 * that would fall on a block already marked is not added twice. Returns how many it added.
 */
export function placeCacheBreakpoints(
  targets: CacheTargets,
  control: AnthropicCacheControl,
): number {
  const room = MAX_CACHE_BREAKPOINTS - countBreakpoints(targets);
  const { tools, system, messages } = targets;
  const lastIndex = messages.length - 1;
  // The newest user turn is the last message when it is a user's; the prefix ends before it.
  const previous = messages[lastIndex]?.role === 'user' ? lastIndex - 1 : lastIndex - 2;
  const candidates = [
    tools?.[tools.length - 1],
    system[system.length - 1],
    cacheableBlock(messages[lastIndex]),
    previous >= 0 ? cacheableBlock(messages[previous]) : undefined,
  ];
  let added = 0;
  for (const block of candidates) {
    if (added >= room) break;
    if (block === undefined || block.cache_control !== undefined) continue;
    block.cache_control =
      control.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: control.ttl };
    added++;
  }
  return added;
}

/** The breakpoints a body already carries. */
export function countBreakpoints(targets: CacheTargets): number {
  let count = 0;
  for (const tool of targets.tools ?? []) if (tool.cache_control !== undefined) count++;
  for (const block of targets.system) if (block.cache_control !== undefined) count++;
  for (const message of targets.messages) {
    for (const block of message.content) if (block.cache_control !== undefined) count++;
  }
  return count;
}

function cacheableBlock(message: AnthropicMessage | undefined): AnthropicBlock | undefined {
  if (message === undefined) return undefined;
  for (let index = message.content.length - 1; index >= 0; index--) {
    const block = message.content[index] as AnthropicBlock;
    if (!UNCACHEABLE.has(block.type)) return block;
  }
  return undefined;
}
