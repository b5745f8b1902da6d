import type { ChatResponse } from '@aigo/ai';
import {
  type ContractProblem,
  FINISH_REASON_RULE,
  isFinishReason,
  isRecord,
  problem,
  usageProblem,
} from './contract-problem.js';
import { describeValue } from './describe-value.js';
import { InvalidProviderResponseError } from './invalid-provider-response-error.js';

/** Which call the response came from, for the message: `sendMessage()`, or a stream's events. */
export type ResponseSource = 'sendMessage' | 'stream';

/**
 * Checks that what a provider's `sendMessage()` resolved to (or what a stream's events built) is a
 * `ChatResponse` as `@aigo/ai` describes it: `id`, `model` and `content` strings, `toolCalls` an
 * array of `{ id, type: 'function', function: { name, arguments } }` with string fields, a known
 * `finishReason`, `usage` (when present) with counts that are numbers, the optional text fields
 * strings, the optional lists arrays of objects. A handful of type checks, and nothing allocated
 * unless something is wrong.
 *
 * @returns the response, typed.
 * @throws InvalidProviderResponseError naming the provider and the first bad field.
 */
export function checkProviderResponse(
  response: unknown,
  provider: string,
  source: ResponseSource = 'sendMessage',
): ChatResponse {
  const found = responseProblem(response);
  if (found !== undefined) throw responseError(found, provider, source);
  return response as ChatResponse;
}

/** The error for a bad response. */
export function responseError(
  found: ContractProblem,
  provider: string,
  source: ResponseSource,
): InvalidProviderResponseError {
  const verb =
    source === 'sendMessage' ? 'returned from sendMessage()' : 'streamed events that built';
  const subject =
    found.field === 'response'
      ? `a response that is ${describeValue(found.value)}: it must be a ChatResponse object`
      : `a ChatResponse whose ${found.field} is ${describeValue(found.value)}: it must ${found.must}`;
  const fix =
    source === 'sendMessage'
      ? "Fix the provider's sendMessage() to return the ChatResponse that @aigo/ai describes"
      : "Fix the provider's stream to enqueue the StreamEvents that @aigo/ai describes";
  return new InvalidProviderResponseError({
    provider,
    field: found.field,
    message: `The provider "${provider}" ${verb} ${subject}. ${fix} (providerConformance from @aigo/testing checks a provider against the contracts).`,
  });
}

/** The first field of `response` that breaks the `ChatResponse` contract, if any. */
export function responseProblem(response: unknown): ContractProblem | undefined {
  if (!isRecord(response)) return problem('response', response, 'be a ChatResponse object');
  if (typeof response.id !== 'string') return problem('id', response.id, 'be a string');
  if (typeof response.model !== 'string') return problem('model', response.model, 'be a string');
  if (typeof response.content !== 'string') {
    return problem('content', response.content, "be a string ('' when the model wrote no text)");
  }
  const toolCalls = response.toolCalls;
  if (!Array.isArray(toolCalls)) {
    return problem(
      'toolCalls',
      toolCalls,
      'be an array of tool calls ([] when the model called no tool)',
    );
  }
  for (let index = 0; index < toolCalls.length; index++) {
    const found = toolCallProblem(toolCalls[index], index);
    if (found !== undefined) return found;
  }
  if (!isFinishReason(response.finishReason)) {
    return problem('finishReason', response.finishReason, FINISH_REASON_RULE);
  }
  if (response.usage !== undefined) {
    const found = usageProblem(response.usage, 'usage');
    if (found !== undefined) return found;
  }
  return optionalFieldsProblem(response);
}

function toolCallProblem(call: unknown, index: number): ContractProblem | undefined {
  if (isWellFormedCall(call)) return undefined;
  // Something is wrong: find what, naming the path (made only now).
  const field = `toolCalls[${index}]`;
  if (!isRecord(call)) {
    return problem(field, call, "be a tool call { id, type: 'function', function }");
  }
  if (typeof call.id !== 'string') return problem(`${field}.id`, call.id, 'be a string');
  if (call.type !== 'function') return problem(`${field}.type`, call.type, "be 'function'");
  const fn = call.function;
  if (!isRecord(fn)) {
    return problem(`${field}.function`, fn, 'be an object { name, arguments }');
  }
  if (typeof fn.name !== 'string' || fn.name === '') {
    return problem(`${field}.function.name`, fn.name, 'be the non-empty name of the tool');
  }
  if (typeof fn.arguments !== 'string') {
    return problem(
      `${field}.function.arguments`,
      fn.arguments,
      "be the arguments' JSON text (a string)",
    );
  }
  return problem(`${field}.providerMetadata`, call.providerMetadata, 'be an object');
}

/** The happy path of a tool call: every check, no string made. */
function isWellFormedCall(call: unknown): boolean {
  if (!isRecord(call) || typeof call.id !== 'string' || call.type !== 'function') return false;
  const fn = call.function;
  return (
    isRecord(fn) &&
    typeof fn.name === 'string' &&
    fn.name !== '' &&
    typeof fn.arguments === 'string' &&
    (call.providerMetadata === undefined || isRecord(call.providerMetadata))
  );
}

/** The optional fields: strings, lists of objects, objects — when present (named reads: fast). */
function optionalFieldsProblem(response: {
  readonly [key: string]: unknown;
}): ContractProblem | undefined {
  const { rawFinishReason, reasoning, refusal, images, audio, videos, codeExecutions } = response;
  if (rawFinishReason !== undefined && typeof rawFinishReason !== 'string') {
    return problem('rawFinishReason', rawFinishReason, 'be a string, or be left out');
  }
  if (reasoning !== undefined && typeof reasoning !== 'string') {
    return problem('reasoning', reasoning, 'be a string, or be left out');
  }
  if (refusal !== undefined && typeof refusal !== 'string') {
    return problem('refusal', refusal, 'be a string, or be left out');
  }
  const lists =
    (images === undefined ? undefined : listProblem(images, 'images')) ??
    (audio === undefined ? undefined : listProblem(audio, 'audio')) ??
    (videos === undefined ? undefined : listProblem(videos, 'videos')) ??
    (codeExecutions === undefined ? undefined : listProblem(codeExecutions, 'codeExecutions'));
  if (lists !== undefined) return lists;
  if (response.grounding !== undefined && !isRecord(response.grounding)) {
    return problem('grounding', response.grounding, 'be a Grounding object, or be left out');
  }
  if (response.providerMetadata !== undefined && !isRecord(response.providerMetadata)) {
    return problem(
      'providerMetadata',
      response.providerMetadata,
      'be an object keyed by provider id, or be left out',
    );
  }
  return undefined;
}

/** An optional list of the response: an array of objects. */
function listProblem(list: unknown, field: string): ContractProblem | undefined {
  if (!Array.isArray(list)) return problem(field, list, 'be an array, or be left out');
  for (let index = 0; index < list.length; index++) {
    if (!isRecord(list[index])) return problem(`${field}[${index}]`, list[index], 'be an object');
  }
  return undefined;
}
