import type { Message } from '@aigo/ai';
import type { GeminiPartRecord } from '../shared/gemini-turn-parts.js';
import type { GeminiPart } from '../wire/gemini-api.js';
import {
  codeExecutionResultPart,
  executableCodePart,
  functionCallPart,
} from './gemini-model-part.js';

/**
 * Rebuilds a model turn part for part from its records (`providerMetadata.gemini.parts`, see
 * {@link GeminiPartRecord}): text and thought runs are cut from `content` and `reasoning`, calls
 * and code executions taken from `toolCalls` and `codeExecutions`, kept parts sent whole, each
 * signature on the part that carried it. A thought run goes back only when it is signed (Gemini
 * needs the signature, not the summary); an unsigned empty text run is left out.
 *
 * Returns `undefined` when the records no longer fit the message — its text, reasoning, calls or
 * code executions were changed after the answer came — so the caller rebuilds the turn from the
 * message's fields instead.
 *
 * @throws ValidationError naming a tool call that cannot be sent (as the field-based rebuild does).
 */
export function rebuildGeminiTurn(
  message: Message,
  records: readonly GeminiPartRecord[],
  where: string,
): GeminiPart[] | undefined {
  const content = message.content;
  if (typeof content !== 'string') return undefined;
  const reasoning = typeof message.reasoning === 'string' ? message.reasoning : '';
  const calls = message.toolCalls ?? [];
  const executions = message.codeExecutions ?? [];
  const callsSent = new Set<number>();
  const executionsSent = new Set<number>();
  const parts: GeminiPart[] = [];
  let textAt = 0;
  let thoughtAt = 0;

  for (const record of records) {
    switch (record.kind) {
      case 'text': {
        const end = textAt + record.length;
        if (end > content.length) return undefined;
        const text = content.slice(textAt, end);
        textAt = end;
        if (record.thoughtSignature !== undefined) {
          parts.push({ text, thoughtSignature: record.thoughtSignature });
        } else if (text.length > 0) {
          parts.push({ text });
        }
        break;
      }
      case 'thought': {
        const end = thoughtAt + record.length;
        if (end > reasoning.length) return undefined;
        const text = reasoning.slice(thoughtAt, end);
        thoughtAt = end;
        if (record.thoughtSignature !== undefined) {
          parts.push({ text, thought: true, thoughtSignature: record.thoughtSignature });
        }
        break;
      }
      case 'functionCall': {
        const call = calls[record.index];
        if (call === undefined || callsSent.has(record.index)) return undefined;
        callsSent.add(record.index);
        parts.push(functionCallPart(call, `${where}.toolCalls[${record.index}]`));
        break;
      }
      case 'executableCode':
      case 'codeExecutionResult': {
        const execution = executions[record.index];
        if (execution === undefined || execution === null) return undefined;
        const part =
          record.kind === 'executableCode'
            ? executableCodePart(execution)
            : codeExecutionResultPart(execution);
        if (part === undefined) return undefined;
        if (record.thoughtSignature !== undefined) part.thoughtSignature = record.thoughtSignature;
        executionsSent.add(record.index);
        parts.push(part);
        break;
      }
      case 'part':
        parts.push({ ...record.part });
        break;
    }
  }
  const whole =
    textAt === content.length &&
    thoughtAt === reasoning.length &&
    callsSent.size === calls.length &&
    executionsSent.size === executions.length;
  return whole ? parts : undefined;
}
