import { type Message, messageText, ValidationError } from '@aigo/ai';
import { type ContextGroup, replaceInGroup } from './context-groups.js';
import type { ContextState, ContextStrategy, StrategyContext } from './context-strategy.js';
import { CHARS_PER_TOKEN } from './estimate-tokens.js';

/** A tool result as it was before compaction, handed to `keep`. */
export interface CompactedToolResult {
  /** The call it answers: the id the compacted text names. */
  readonly toolCallId: string;
  /** The tool's name, when the message has it. */
  readonly name: string | undefined;
  /** The whole result. */
  readonly content: Message['content'];
}

/** Options of `compactToolResults`. */
export interface CompactToolResultsOptions {
  /** Results over this many tokens are compacted (default 1,024). */
  readonly maxTokens?: number;
  /** How many tokens of a compacted result's head are kept (default 256, at most `maxTokens`). */
  readonly headTokens?: number;
  /**
   * Called with each result it compacts, before the request is sent: keep it somewhere (a map, a
   * store) to hand it back by `toolCallId` — the compacted text says under which id it was kept.
   */
  readonly keep?: (result: CompactedToolResult) => void;
}

function checkCount(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ValidationError(name, `must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/**
 * Compacts bulky tool results (web pages, file listings): a result over `maxTokens` keeps its first
 * `headTokens` and says what was cut — the oldest results first, only while the request is over
 * budget, the current turn's results included (so an agent whose tool returned more than the whole
 * window still gets an answer). Media parts of a compacted result are left out (and counted).
 *
 * @throws ValidationError naming `maxTokens`, `headTokens` or `keep`.
 */
export function compactToolResults(options: CompactToolResultsOptions = {}): ContextStrategy {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const maxTokens = checkCount(options.maxTokens, 'maxTokens', 1024);
  const headTokens = Math.min(maxTokens, checkCount(options.headTokens, 'headTokens', 256));
  const keep = options.keep;
  if (keep !== undefined && typeof keep !== 'function') {
    throw new ValidationError('keep', 'must be a function');
  }
  return Object.freeze({
    name: 'compact-tool-results',
    apply(state: ContextState, context: StrategyContext): ContextState {
      let excess = context.total(state) - context.budget;
      if (excess <= 0) return state;
      const groups = state.groups.slice();
      for (let at = 0; at < groups.length && excess > 0; at++) {
        let group = groups[at] as ContextGroup;
        for (let index = 0; index < group.messages.length && excess > 0; index++) {
          const message = group.messages[index] as Message;
          const tokens = group.counts[index] as number;
          if (message.role !== 'tool' || tokens <= maxTokens) continue;
          const compacted = compactMessage(message, tokens, headTokens, keep !== undefined);
          keep?.({
            toolCallId: message.toolCallId ?? '',
            name: message.name,
            content: message.content,
          });
          const count = context.tokensOf(compacted);
          if (count >= tokens) continue;
          group = replaceInGroup(group, index, compacted, count);
          excess -= tokens - count;
          context.report.compactedResults += 1;
          context.report.compactedTokens += tokens - count;
        }
        groups[at] = group;
      }
      return { ...state, groups };
    },
  });
}

function compactMessage(
  message: Message,
  tokens: number,
  headTokens: number,
  kept: boolean,
): Message {
  const text = messageText(message);
  let end = Math.min(text.length, headTokens * CHARS_PER_TOKEN);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const media =
    typeof message.content === 'string'
      ? 0
      : message.content.filter((part) => part.type !== 'text').length;
  const where = kept ? ` The whole result is kept under the id "${message.toolCallId ?? ''}".` : '';
  const mediaNote = media > 0 ? ` ${media} media part(s) were left out.` : '';
  const note = `\n[… result compacted to fit the context window: kept the first ~${headTokens} of ~${tokens} tokens.${mediaNote}${where}]`;
  const { content: _content, ...rest } = message;
  return { ...rest, content: text.slice(0, end) + note };
}
