import type { Message } from '@aigo/ai';

/**
 * Messages that are kept or dropped together: one message, or an assistant message with tool calls
 * and the tool messages answering them — so no strategy can send a call without its result or a
 * result without its call.
 */
export interface ContextGroup {
  readonly messages: readonly Message[];
  /** The tokens of each message. */
  readonly counts: readonly number[];
  /** Their sum. */
  readonly tokens: number;
  /** A system message of the history: never dropped. */
  readonly pinned: boolean;
  /** It holds a message of the current turn (or is the newest group): never dropped. */
  readonly current: boolean;
  /** The conversation position (1-based) of its last stored message, when it holds one. */
  readonly through: number | undefined;
}

/** The groups of a request's messages, and what could not be grouped. */
export interface Grouping {
  readonly groups: ContextGroup[];
  /** Tool messages answering no call in view (the read began after their call): left out. */
  readonly orphans: number;
  readonly orphanTokens: number;
}

/**
 * Splits `messages` into groups. `turnStart` is the index of the first message of the current turn
 * (the groups from there on, and the newest group, are `current`); `positionOf(index)` is the stored
 * position of a history message (`undefined` for the turn's). Tool messages whose call is not in
 * view are counted as orphans and left out.
 */
export function groupMessages(
  messages: readonly Message[],
  counts: readonly number[],
  turnStart: number,
  positionOf: (index: number) => number | undefined,
): Grouping {
  const groups: ContextGroup[] = [];
  let orphans = 0;
  let orphanTokens = 0;
  const make = (start: number, end: number, pinned: boolean): ContextGroup => {
    const slice = messages.slice(start, end);
    const sliceCounts = counts.slice(start, end);
    let tokens = 0;
    for (const count of sliceCounts) tokens += count;
    let through: number | undefined;
    for (let index = end - 1; index >= start && through === undefined; index--) {
      through = positionOf(index);
    }
    return {
      messages: slice,
      counts: sliceCounts,
      tokens,
      pinned,
      current: end > turnStart,
      through,
    };
  };
  for (let index = 0; index < messages.length; ) {
    const message = messages[index] as Message;
    if (message.role === 'tool') {
      orphans += 1;
      orphanTokens += counts[index] as number;
      index += 1;
      continue;
    }
    const calls = message.role === 'assistant' ? message.toolCalls : undefined;
    if (calls === undefined || calls.length === 0) {
      groups.push(make(index, index + 1, message.role === 'system'));
      index += 1;
      continue;
    }
    const ids = new Set(calls.map((call) => call.id));
    let end = index + 1;
    while (end < messages.length && (messages[end] as Message).role === 'tool') {
      const id = (messages[end] as Message).toolCallId;
      if (id === undefined || !ids.has(id)) break;
      end += 1;
    }
    groups.push(make(index, end, false));
    index = end;
  }
  const last = groups.at(-1);
  if (last !== undefined && !last.current) groups[groups.length - 1] = { ...last, current: true };
  return { groups, orphans, orphanTokens };
}

/** A group with some messages replaced (a compacted tool result), its counts updated. */
export function replaceInGroup(
  group: ContextGroup,
  index: number,
  message: Message,
  count: number,
): ContextGroup {
  const messages = group.messages.slice();
  const counts = group.counts.slice();
  const old = counts[index] as number;
  messages[index] = message;
  counts[index] = count;
  return { ...group, messages, counts, tokens: group.tokens - old + count };
}
