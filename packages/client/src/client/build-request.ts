import type { ChatRequest, JsonSchema, Message, ResponseFormat } from '@aigo/ai';
import { repairDanglingToolCalls } from './repair-dangling-tool-calls.js';
import type { ClientSettings } from './resolve-client-options.js';
import type { CheckedCallOptions } from './validate-call-options.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A request ready to send, and the messages its turn stores once the reply is complete. */
export interface PreparedTurn {
  readonly request: ChatRequest;
  /**
   * The new messages of the turn, in order: error results for dangling tool calls at the end of the
   * stored history, then the turn's own messages (the prompt, or the tool results given).
   */
  readonly turnMessages: readonly Message[];
}

/**
 * Builds one call's request: the stored history and the turn's messages (dangling tool calls
 * repaired), the system prompt (the per-call ephemeral prompt or the client's, then the tools
 * section, then any structured-output instructions), the tools (a tool set's as of now), the tool choice, the response format
 * and the generation settings (per-call values over the client's).
 */
export function buildRequest(
  settings: ClientSettings,
  history: readonly Message[],
  turn: readonly Message[],
  call: CheckedCallOptions,
): PreparedTurn {
  const combined = history.length === 0 ? turn : [...history, ...turn];
  const repair = repairDanglingToolCalls(combined, history.length);
  const turnMessages =
    repair.added === 0 ? turn : repair.messages.slice(history.length + repair.addedBeforeBoundary);

  const options = call.options;
  const request: Mutable<ChatRequest> = {
    model: options.model ?? settings.defaultModel,
    messages: repair.messages,
  };
  const tools = settings.tools.current();
  const systemPrompt = joinPrompt(
    options.ephemeralSystemPrompt ?? settings.systemPrompt,
    tools.toolsSection,
    settings.instructions,
  );
  if (systemPrompt !== undefined) request.systemPrompt = systemPrompt;
  if (tools.requestTools !== undefined) request.tools = tools.requestTools;
  const toolChoice = call.toolChoice ?? settings.toolChoice;
  if (toolChoice !== undefined) request.toolChoice = toolChoice;
  const responseFormat = callResponseFormat(call) ?? settings.responseFormat;
  if (responseFormat !== undefined) request.responseFormat = responseFormat;
  const client = settings.generation;
  const own = call.generation;
  const temperature = own.temperature ?? client.temperature;
  if (temperature !== undefined) request.temperature = temperature;
  const topP = own.topP ?? client.topP;
  if (topP !== undefined) request.topP = topP;
  const maxOutputTokens = own.maxOutputTokens ?? client.maxOutputTokens;
  if (maxOutputTokens !== undefined) request.maxOutputTokens = maxOutputTokens;
  const stop = own.stop ?? client.stop;
  if (stop !== undefined) request.stop = stop;
  const seed = own.seed ?? client.seed;
  if (seed !== undefined) request.seed = seed;
  const reasoning = own.reasoning ?? client.reasoning;
  if (reasoning !== undefined) request.reasoning = reasoning;
  const providerOptions = own.providerOptions ?? client.providerOptions;
  if (providerOptions !== undefined) request.providerOptions = providerOptions;
  return { request, turnMessages };
}

function callResponseFormat(call: CheckedCallOptions): ResponseFormat | undefined {
  const { responseFormat, outputSchema } = call.options;
  if (responseFormat !== undefined) return responseFormat;
  if (outputSchema !== undefined)
    return { type: 'json', schema: outputSchema as JsonSchema, name: 'response' };
  return undefined;
}

function joinPrompt(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined && part !== '');
  return present.length === 0 ? undefined : present.join('\n\n');
}
