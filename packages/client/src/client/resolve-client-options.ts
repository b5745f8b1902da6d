import {
  type ComputeCost,
  isProviderTool,
  type JsonSchema,
  type MemoryProvider,
  type ModelCosts,
  noopObserver,
  type Observer,
  type Provider,
  type ProviderTool,
  type ResponseFormat,
  type Tool,
  type ToolChoice,
  ValidationError,
} from '@aigo/ai';
import {
  type CheckedContextOptions,
  checkContextOptions,
  DEFAULT_CONTEXT,
} from '../context/context-options.js';
import { validateComputeCost, validateModelCosts } from '../cost/index.js';
import {
  type CheckedClientGuardrails,
  checkClientGuardrails,
} from '../guardrails/client-guardrails.js';
import { type Middleware, observabilityMiddleware } from '../middleware/index.js';
import { checkObserver } from '../middleware/observability-middleware.js';
import type { RetryPolicy } from '../middleware/retry-policy.js';
import { type ClientTools, clientTools } from '../tools/client-tools.js';
import { pickToolHooks, TOOL_HOOK_NAMES, type ToolHooks } from '../tools/tool-hooks.js';
import type { ClientOptions, GenerationOptions } from './client-options.js';
import {
  type ConflictPolicy,
  checkConflictPolicy,
  checkMaxConflictRetries,
} from './conflict-policy.js';
import {
  TOOL_COST_STRATEGIES,
  type ToolCostStrategy,
  toolsPromptSection,
} from './enrich-system-prompt.js';
import { envComputeCost, envDefaultModel, envModelCost } from './env-defaults.js';
import { resolveRetries } from './resolve-retries.js';
import {
  GENERATION_KEYS,
  validateGenerationOptions,
  validateToolChoice,
} from './validate-generation-options.js';

/** Everything a client needs, checked and frozen once at construction. */
export interface ClientSettings {
  readonly provider: Provider;
  readonly defaultModel: string;
  readonly memory: MemoryProvider | undefined;
  /** The system prompt as given. */
  readonly systemPrompt: string | undefined;
  /** Text appended after everything else in the system prompt (a structured client's instructions). */
  readonly instructions: string;
  /** The tools now: catalog, request tools, the system prompt's tools section. */
  readonly tools: ClientTools;
  readonly toolChoice: ToolChoice | undefined;
  readonly responseFormat: ResponseFormat | undefined;
  readonly generation: GenerationOptions;
  readonly modelCost: ModelCosts | undefined;
  readonly computeCost: ComputeCost | undefined;
  readonly observer: Observer | undefined;
  /** The observability middleware, outermost, when an observer (other than the no-op one) is set. */
  readonly observability: Middleware | undefined;
  /** The client's own retries, inside the observability middleware; none with `maxRetries: 0`. */
  readonly retry: RetryPolicy | undefined;
  /** The application's middleware, inside the client's retries. */
  readonly middleware: readonly Middleware[];
  readonly persistAssistantReplies: boolean;
  readonly toolConcurrency: number;
  readonly hooks: ToolHooks;
  /** What a non-streaming turn does on a conversation conflict, and how often it re-runs. */
  readonly onConflict: ConflictPolicy;
  readonly maxConflictRetries: number;
  /** The context policy: the application's `context`, else the default (used with a memory). */
  readonly context: CheckedContextOptions;
  /** The input and output guardrails of `sendMessage` / `streamMessage`, when there are any. */
  readonly guardrails: CheckedClientGuardrails | undefined;
}

const OPTION_KEYS = new Set<string>([
  'guardrails',
  'defaultModel',
  'memory',
  'systemPrompt',
  'tools',
  'providerTools',
  'requiredTools',
  'toolChoice',
  'outputSchema',
  'enrichSystemPromptWithToolDescriptions',
  'enrichSystemPromptWithToolCosts',
  'modelCost',
  'computeCost',
  'middleware',
  'maxRetries',
  'onRetry',
  'observer',
  'persistAssistantReplies',
  'toolConcurrency',
  'onConflict',
  'maxConflictRetries',
  'context',
  'env',
  ...TOOL_HOOK_NAMES,
  ...GENERATION_KEYS,
]);

/**
 * Checks `createClient`'s options, applies the environment fallbacks (only where an option is not
 * given) and precomputes what every call shares (the tools section, the request tools).
 *
 * @throws ValidationError naming the first bad option (or environment variable).
 */
export function resolveClientOptions(provider: Provider, options: ClientOptions): ClientSettings {
  if (
    provider === null ||
    typeof provider !== 'object' ||
    typeof provider.sendMessage !== 'function'
  ) {
    throw new ValidationError('provider', 'must be a provider (an object with sendMessage())');
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) {
      throw new ValidationError(key, 'is not a createClient option');
    }
  }
  const env = options.env ?? process.env;
  if (env === null || typeof env !== 'object') {
    throw new ValidationError('env', 'must be an object of environment variables');
  }

  const defaultModel = options.defaultModel ?? envDefaultModel(env) ?? '';
  if (typeof defaultModel !== 'string') {
    throw new ValidationError('defaultModel', 'must be a string');
  }
  const memory = options.memory;
  if (memory !== undefined) checkMemory(memory, 'memory');
  const systemPrompt = options.systemPrompt;
  if (systemPrompt !== undefined && typeof systemPrompt !== 'string') {
    throw new ValidationError('systemPrompt', 'must be a string');
  }

  const requiredTools = options.requiredTools ?? [];
  const providerTools = checkProviderTools(options.providerTools ?? []);
  const describe = options.enrichSystemPromptWithToolDescriptions;
  if (describe !== undefined && typeof describe !== 'boolean') {
    throw new ValidationError('enrichSystemPromptWithToolDescriptions', 'must be a boolean');
  }
  const strategy = options.enrichSystemPromptWithToolCosts;
  if (strategy !== undefined && !TOOL_COST_STRATEGIES.includes(strategy)) {
    throw new ValidationError(
      'enrichSystemPromptWithToolCosts',
      `must be one of ${TOOL_COST_STRATEGIES.join(', ')}, got ${JSON.stringify(strategy)}`,
    );
  }
  const tools = clientTools(
    options.tools,
    requiredTools,
    providerTools,
    describe === true || strategy !== undefined
      ? (descriptions) => toolsPromptSection(descriptions, strategy as ToolCostStrategy | undefined)
      : undefined,
  );

  let toolChoice: ToolChoice | undefined;
  if (options.toolChoice !== undefined) {
    if (requiredTools.length > 0) {
      throw new ValidationError(
        'toolChoice',
        'cannot be combined with requiredTools (which sets the tool choice itself)',
      );
    }
    const catalog = tools.current().catalog;
    toolChoice = validateToolChoice(options.toolChoice, (name) => catalog.get(name)?.name);
  } else if (requiredTools.length === 1) {
    toolChoice = Object.freeze({ name: (requiredTools[0] as Tool).name });
  } else if (requiredTools.length > 1) {
    toolChoice = 'required';
  }

  const outputSchema = options.outputSchema;
  if (outputSchema !== undefined && (outputSchema === null || typeof outputSchema !== 'object')) {
    throw new ValidationError(
      'outputSchema',
      'must be a JSON Schema object (a typebox schema is one)',
    );
  }

  const modelCost = options.modelCost ?? envModelCost(env);
  if (options.modelCost !== undefined) validateModelCosts(options.modelCost, 'modelCost');
  const computeCost = options.computeCost ?? envComputeCost(env);
  if (options.computeCost !== undefined) validateComputeCost(options.computeCost, 'computeCost');

  const observer = options.observer;
  if (observer !== undefined) checkObserver(observer);
  const middleware = options.middleware ?? [];
  if (!Array.isArray(middleware)) throw new ValidationError('middleware', 'must be an array');
  const retry = resolveRetries(options.maxRetries, options.onRetry, middleware);

  const persist = options.persistAssistantReplies ?? true;
  if (typeof persist !== 'boolean') {
    throw new ValidationError('persistAssistantReplies', 'must be a boolean');
  }
  const toolConcurrency = options.toolConcurrency ?? 8;
  if (
    !(toolConcurrency >= 1) ||
    (!Number.isInteger(toolConcurrency) && toolConcurrency !== Number.POSITIVE_INFINITY)
  ) {
    throw new ValidationError(
      'toolConcurrency',
      `must be a positive integer, got ${String(toolConcurrency)}`,
    );
  }
  const hooks = pickToolHooks(options);

  return Object.freeze({
    provider,
    defaultModel,
    memory,
    systemPrompt,
    instructions: '',
    tools,
    toolChoice,
    responseFormat:
      outputSchema === undefined
        ? undefined
        : Object.freeze({ type: 'json', schema: outputSchema as JsonSchema, name: 'response' }),
    generation: Object.freeze(validateGenerationOptions(options)),
    modelCost,
    computeCost,
    observer,
    // The no-op observer records nothing, so it gets no middleware: it costs nothing per call.
    observability:
      observer === undefined || observer === noopObserver
        ? undefined
        : observabilityMiddleware(observer, {
            providerName: provider.id,
            priceProvider: provider,
            ...(modelCost === undefined ? {} : { modelCost }),
            ...(computeCost === undefined ? {} : { computeCost }),
          }),
    retry,
    middleware: Object.freeze([...middleware]),
    persistAssistantReplies: persist,
    toolConcurrency,
    hooks,
    onConflict: checkConflictPolicy(options.onConflict) ?? 'fail',
    maxConflictRetries: checkMaxConflictRetries(options.maxConflictRetries),
    context: checkContextOptions(options.context) ?? DEFAULT_CONTEXT,
    guardrails: checkClientGuardrails(options.guardrails),
  });
}

/** @throws ValidationError unless `memory` looks like a `MemoryProvider`. */
export function checkMemory(memory: MemoryProvider, argument: string): void {
  if (
    memory === null ||
    typeof memory !== 'object' ||
    typeof memory.appendMessages !== 'function' ||
    typeof memory.allMessages !== 'function'
  ) {
    throw new ValidationError(
      argument,
      'must be a memory provider (appendMessages, allMessages), e.g. inMemoryMemory()',
    );
  }
}

function checkProviderTools(tools: readonly ProviderTool[]): readonly ProviderTool[] {
  if (!Array.isArray(tools)) throw new ValidationError('providerTools', 'must be an array');
  tools.forEach((tool, index) => {
    if (
      tool === null ||
      typeof tool !== 'object' ||
      !isProviderTool(tool) ||
      typeof tool.id !== 'string'
    ) {
      throw new ValidationError(
        `providerTools[${index}]`,
        "must be a provider tool { type: 'provider', id } (from the provider's package)",
      );
    }
  });
  return tools;
}
