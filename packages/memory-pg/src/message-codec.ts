import {
  MESSAGE_FORMAT_VERSION,
  MemoryError,
  type Message,
  ValidationError,
  validateMessage,
} from '@aigo/ai';
import { escapeUnstorable, needsEscape, unescapeUnstorable } from './unstorable-text.js';

/** A batch of messages ready for the append statement. */
export interface EncodedBatch {
  /** How many messages. */
  readonly count: number;
  /** A JSON array of the messages, one element per row. */
  readonly json: string;
  /** 1-based positions (in `json`) of the messages stored escaped (see `unstorable-text.ts`). */
  readonly escaped: number[];
  /** The running sums of the messages' token counts (the given counts, else the estimate). */
  readonly runningTokens: number[];
}

/** The store's estimate of a message without a count: a token per four characters of its JSON. */
export function estimateStoredTokens(json: string): number {
  return Math.max(1, Math.ceil(json.length / 4));
}

/**
 * Checks every message of a batch and serialises it for one `INSERT`, with the running sums of its
 * token counts (`tokenCounts` when it has one per message; at least 1 each). Nothing is written when any
 * message is invalid: this throws before any SQL runs.
 *
 * @throws ValidationError naming the first bad message field (`messages[1].content`).
 */
export function encodeMessages(
  messages: readonly unknown[],
  tokenCounts?: readonly number[],
): EncodedBatch {
  if (!Array.isArray(messages)) {
    throw new ValidationError('messages', 'must be an array of messages');
  }
  const counts = tokenCounts?.length === messages.length ? tokenCounts : undefined;
  const escaped: number[] = [];
  const runningTokens: number[] = [];
  let running = 0;
  let json = '[';
  for (let index = 0; index < messages.length; index++) {
    const message = validateMessage(messages[index], `messages[${index}]`);
    let text = JSON.stringify(message);
    if (needsEscape(text)) {
      text = JSON.stringify(escapeUnstorable(message));
      escaped.push(index + 1);
    }
    json += index === 0 ? text : `,${text}`;
    running += Math.max(1, counts?.[index] ?? estimateStoredTokens(text));
    runningTokens.push(running);
  }
  return { count: messages.length, json: `${json}]`, escaped, runningTokens };
}

/**
 * Turns a stored row back into a `Message`: checks its format version and undoes the escape of
 * unstorable characters.
 *
 * @throws MemoryError when the row was written in a format this version cannot read.
 */
export function decodeMessage(body: unknown, format: number, escaped: boolean): Message {
  if (format !== MESSAGE_FORMAT_VERSION) {
    throw new MemoryError(
      format > MESSAGE_FORMAT_VERSION
        ? `A stored message is in format ${format}, newer than this version of @aigo/memory-pg reads (${MESSAGE_FORMAT_VERSION}); upgrade the package`
        : `A stored message is in unknown format ${format}`,
    );
  }
  return (escaped ? unescapeUnstorable(body) : body) as Message;
}
