import { type Message, toolErrorEnvelope, toolMessage } from '@aigo/ai';

/** The code of the error result given to a tool call that never got a result. */
export const MISSING_TOOL_RESULT_CODE = 'tool_result_missing';

/** The outcome of `repairDanglingToolCalls`. */
export interface ToolCallRepair {
  /** The messages with an error result after every tool call that had none. */
  readonly messages: readonly Message[];
  /** How many results were added. */
  readonly added: number;
  /** How many of them were added before `boundary` (inside the stored history). */
  readonly addedBeforeBoundary: number;
}

/**
 * Gives every dangling tool call — an assistant tool call with no tool message answering it in the
 * run of tool messages that follows it (a run interrupted between the reply and the tool results,
 * say) — an error result, placed at the end of that run, so the conversation is a valid request
 * again. The model reads `{"ok":false,"error":{"code":"tool_result_missing",…}}` for it.
 *
 * `boundary` is where the stored history ends and the new turn begins; the caller stores the repairs
 * at or after it with the turn (see `addedBeforeBoundary`).
 */
export function repairDanglingToolCalls(
  messages: readonly Message[],
  boundary = messages.length,
): ToolCallRepair {
  let repaired: Message[] | undefined;
  let added = 0;
  let addedBeforeBoundary = 0;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (message.role !== 'assistant' || message.toolCalls === undefined) continue;
    if (message.toolCalls.length === 0) continue;
    let end = index + 1;
    const answered = new Set<string>();
    while (end < messages.length && (messages[end] as Message).role === 'tool') {
      const id = (messages[end] as Message).toolCallId;
      if (id !== undefined) answered.add(id);
      end++;
    }
    const missing = message.toolCalls.filter((call) => !answered.has(call.id));
    if (missing.length === 0) continue;
    repaired ??= messages.slice(0, index + 1);
    // Copy what lies between the last copied message and the end of this run.
    for (let copy = repaired.length - added; copy < end; copy++) {
      repaired.push(messages[copy] as Message);
    }
    for (const call of missing) {
      repaired.push(
        toolMessage(
          call.id,
          toolErrorEnvelope(
            MISSING_TOOL_RESULT_CODE,
            `The call to ${call.function.name} was interrupted and has no result; call it again if you still need it.`,
          ),
          call.function.name,
        ),
      );
    }
    added += missing.length;
    if (end < boundary) addedBeforeBoundary += missing.length;
    index = end - 1;
  }
  if (repaired === undefined) return { messages, added: 0, addedBeforeBoundary: 0 };
  for (let copy = repaired.length - added; copy < messages.length; copy++) {
    repaired.push(messages[copy] as Message);
  }
  return { messages: repaired, added, addedBeforeBoundary };
}
