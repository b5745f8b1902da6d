import {
  checkPrincipal,
  type Message,
  type ResponseFormat,
  type ToolChoice,
  ValidationError,
} from '@aigo/ai';
import { copyMessage } from '../memory/copy-message.js';
import { pickToolHooks, TOOL_HOOK_NAMES, type ToolHooks } from '../tools/tool-hooks.js';
import type {
  ContinueOptions,
  ExecuteToolCallsOptions,
  GenerationOptions,
} from './client-options.js';
import { checkConflictPolicy } from './conflict-policy.js';
import { checkMemory } from './resolve-client-options.js';
import {
  GENERATION_KEYS,
  validateGenerationOptions,
  validateToolChoice,
} from './validate-generation-options.js';

/** A conversation call's options, checked. */
export interface CheckedCallOptions {
  readonly options: ContinueOptions;
  readonly generation: GenerationOptions;
  readonly toolChoice: ToolChoice | undefined;
  readonly messages: readonly Message[];
}

const CALL_KEYS = new Set<string>([
  'signal',
  'headers',
  'timeoutMs',
  'memory',
  'model',
  'outputSchema',
  'responseFormat',
  'ephemeralSystemPrompt',
  'toolChoice',
  'overview',
  'span',
  'messages',
  'onConflict',
  ...GENERATION_KEYS,
]);

const TOOL_KEYS = new Set<string>([
  'signal',
  'concurrency',
  'context',
  'overview',
  'span',
  'runId',
  'principal',
  'state',
  'steer',
  'parentRun',
  'a2a',
  ...TOOL_HOOK_NAMES,
]);

/**
 * Checks the options of one conversation call.
 *
 * @param allowMessages false for `sendMessage`/`streamMessage`, whose turn is the prompt.
 * @throws ValidationError naming the bad option.
 */
export function validateCallOptions(
  options: ContinueOptions | undefined,
  toolName: (name: string) => string | undefined,
  allowMessages: boolean,
): CheckedCallOptions {
  if (options === undefined) {
    return { options: {}, generation: {}, toolChoice: undefined, messages: [] };
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!CALL_KEYS.has(key) || (key === 'messages' && !allowMessages)) {
      throw new ValidationError(
        key,
        key === 'messages'
          ? 'is an option of continueConversation(); sendMessage() sends its prompt'
          : 'is not an option of this call',
      );
    }
  }
  const { signal, memory, model, outputSchema, responseFormat, ephemeralSystemPrompt } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('signal', 'must be an AbortSignal');
  }
  if (memory !== undefined && memory !== null) checkMemory(memory, 'memory');
  if (model !== undefined && typeof model !== 'string') {
    throw new ValidationError('model', 'must be a string');
  }
  if (outputSchema !== undefined && (outputSchema === null || typeof outputSchema !== 'object')) {
    throw new ValidationError('outputSchema', 'must be a JSON Schema object');
  }
  if (responseFormat !== undefined) checkResponseFormat(responseFormat);
  if (ephemeralSystemPrompt !== undefined && typeof ephemeralSystemPrompt !== 'string') {
    throw new ValidationError('ephemeralSystemPrompt', 'must be a string');
  }
  if (
    options.timeoutMs !== undefined &&
    (typeof options.timeoutMs !== 'number' || !(options.timeoutMs > 0))
  ) {
    throw new ValidationError('timeoutMs', 'must be a positive number of milliseconds');
  }
  if (
    options.headers !== undefined &&
    (options.headers === null || typeof options.headers !== 'object')
  ) {
    throw new ValidationError('headers', 'must be an object of header names to values');
  }
  checkRecorder(options.overview);
  checkConflictPolicy(options.onConflict);
  const toolChoice =
    options.toolChoice === undefined ? undefined : validateToolChoice(options.toolChoice, toolName);
  let messages: readonly Message[] = [];
  if (options.messages !== undefined) {
    if (!Array.isArray(options.messages)) {
      throw new ValidationError('messages', 'must be an array of messages');
    }
    messages = options.messages.map((message, index) => copyMessage(message, `messages[${index}]`));
  }
  return { options, generation: validateGenerationOptions(options), toolChoice, messages };
}

/**
 * Checks the options of `executeToolCalls`; returns the hooks they set (`undefined` without options).
 *
 * @throws ValidationError naming the bad option.
 */
export function validateToolCallOptions(
  options: ExecuteToolCallsOptions | undefined,
): ToolHooks | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!TOOL_KEYS.has(key)) throw new ValidationError(key, 'is not an option of executeToolCalls');
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new ValidationError('signal', 'must be an AbortSignal');
  }
  if (options.runId !== undefined && typeof options.runId !== 'string') {
    throw new ValidationError('runId', 'must be a string');
  }
  if (options.principal !== undefined) checkPrincipal(options.principal);
  const state: unknown = options.state;
  if (
    state !== undefined &&
    (state === null || typeof state !== 'object' || Array.isArray(state))
  ) {
    throw new ValidationError('state', 'must be a JSON object');
  }
  if (options.steer !== undefined && typeof options.steer !== 'function') {
    throw new ValidationError('steer', 'must be a function');
  }
  const parentRun = options.parentRun as
    | { path?: unknown; emit?: unknown; addSubRun?: unknown }
    | null
    | undefined;
  if (
    parentRun !== undefined &&
    (parentRun === null ||
      typeof parentRun !== 'object' ||
      !Array.isArray(parentRun.path) ||
      typeof (parentRun as { streams?: unknown }).streams !== 'boolean' ||
      typeof parentRun.emit !== 'function' ||
      typeof parentRun.addSubRun !== 'function')
  ) {
    throw new ValidationError('parentRun', 'must be a ParentRun { path, emit, addSubRun }');
  }
  if (options.a2a !== undefined && (options.a2a === null || typeof options.a2a !== 'object')) {
    throw new ValidationError('a2a', 'must be the A2A request');
  }
  checkRecorder(options.overview);
  return pickToolHooks(options);
}

function checkRecorder(overview: unknown): void {
  if (overview === undefined) return;
  const value = overview as { recordResponse?: unknown; recordToolCall?: unknown } | null;
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof value.recordResponse !== 'function' ||
    typeof value.recordToolCall !== 'function'
  ) {
    throw new ValidationError('overview', 'must be an Overview (client.createOverview())');
  }
}

function checkResponseFormat(format: ResponseFormat): void {
  if (format === null || typeof format !== 'object') {
    throw new ValidationError(
      'responseFormat',
      "must be { type: 'text' } or { type: 'json', schema? }",
    );
  }
  if (format.type === 'text') return;
  if (format.type !== 'json') {
    throw new ValidationError('responseFormat.type', "must be 'text' or 'json'");
  }
  if (
    format.schema !== undefined &&
    (format.schema === null || typeof format.schema !== 'object')
  ) {
    throw new ValidationError('responseFormat.schema', 'must be a JSON Schema object');
  }
}
