import { type CodeExecution, type ToolCall, ValidationError } from '@aigo/ai';
import { toWireOutcome } from '../shared/gemini-code-outcome.js';
import { readGeminiMetadata } from '../shared/gemini-provider-metadata.js';
import type { GeminiJson, GeminiPart } from '../wire/gemini-api.js';

/**
 * A tool call of an assistant message as a `functionCall` part, with the API's call id and the
 * call's thought signature when it has them.
 *
 * @throws ValidationError naming the call (`where`) when it has no function name, or its arguments
 *   when they are not a JSON object.
 */
export function functionCallPart(call: ToolCall, where: string): GeminiPart {
  if (call === null || typeof call !== 'object' || typeof call.function?.name !== 'string') {
    throw new ValidationError(where, 'must be a tool call with a function name');
  }
  const metadata = readGeminiMetadata(call.providerMetadata);
  const functionCall: { id?: string; name: string; args: { [key: string]: GeminiJson } } = {
    name: call.function.name,
    args: parseArguments(call.function.arguments, `${where}.function.arguments`),
  };
  if (metadata.functionCallId !== undefined) functionCall.id = metadata.functionCallId;
  const part: GeminiPart = { functionCall };
  if (metadata.thoughtSignature !== undefined) part.thoughtSignature = metadata.thoughtSignature;
  return part;
}

/** The code of a code execution as an `executableCode` part (`undefined` when it has no code). */
export function executableCodePart(execution: CodeExecution): GeminiPart | undefined {
  if (!execution.code) return undefined;
  const language = (execution.language || 'python').toUpperCase();
  return { executableCode: { language, code: execution.code } };
}

/** What a code execution gave as a `codeExecutionResult` part (`undefined` when it has neither). */
export function codeExecutionResultPart(execution: CodeExecution): GeminiPart | undefined {
  if (execution.outcome === undefined && execution.output === undefined) return undefined;
  const result: { outcome?: string; output?: string } = {};
  if (execution.outcome !== undefined) result.outcome = toWireOutcome(execution.outcome);
  if (execution.output !== undefined) result.output = execution.output;
  return { codeExecutionResult: result };
}

function parseArguments(text: string, where: string): { [key: string]: GeminiJson } {
  if (text === undefined || text === null || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError(where, 'must be a JSON object (Gemini takes arguments as objects)');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError(where, 'must be a JSON object (Gemini takes arguments as objects)');
  }
  return parsed as { [key: string]: GeminiJson };
}
