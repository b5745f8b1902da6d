import {
  type InteractionResponses,
  type JsonSchema,
  type Prompt,
  type Schema,
  type SuspendedRun,
  schemaToJsonSchema,
  ValidationError,
} from '@aigo/ai';
import { type Client, type ClientOptions, inMemoryMemory } from '@aigo/client';
import { checkApprovalPolicy } from './approval/check-approval-policy.js';
import {
  checkRun,
  checkRunOptions,
  checkRunStore,
  checkStart,
  checkStep,
} from './check-run-input.js';
import { checkGuards } from './guardrails/check-guardrails.js';
import type { AgentSettings, RunInput } from './loop/agent-settings.js';
import { runReAct } from './loop/run-react.js';
import { VisibleTools } from './loop/visible-tools.js';
import type { ReAct } from './react-agent.js';
import { joinPrompt, reactInstructions } from './react-instructions.js';
import type {
  ReActData,
  ReActOptions,
  ReActRunOptions,
  StructuredOutputMode,
} from './react-options.js';
import type { ReActOverview } from './react-result.js';
import { ReActStream } from './react-stream.js';
import type { RunSteering } from './steering/steering-queue.js';
import { stepReAct } from './step/run-step.js';
import { startReAct } from './step/start-run.js';
import type { ReActRunState, ReActStartOptions, ReActStepOptions } from './step/step-types.js';
import { checkSigningKey } from './suspend/sign-suspended-run.js';
import { checkTaskMemoryOption, runWithTaskMemory } from './task-memory/react-task-memory.js';

export type { ReAct } from './react-agent.js';

const OPTION_KEYS = new Set<string>([
  'schema',
  'jsonSchema',
  'name',
  'description',
  'maxIterations',
  'stopOnError',
  'annotateSystemPrompt',
  'toolConcurrency',
  'structuredOutput',
  'context',
  'prepareIteration',
  'beforeToolCall',
  'afterToolCall',
  'onToolProgress',
  'validateFinalAnswer',
  'taskMemory',
  'approval',
  'signingKey',
  'runStore',
  'guardrails',
  'authorizeTool',
  'approverRoles',
]);
const CLIENT_METHODS = [
  'sendMessage',
  'continueConversation',
  'streamMessage',
  'streamContinueConversation',
  'executeToolCalls',
  'createOverview',
  'withOptions',
] as const;
const MODES: readonly StructuredOutputMode[] = ['auto', 'native', 'prompt'];

/**
 * Creates a ReAct agent over a client: the client's tools are the agent's tools, its memory the
 * default conversation, its observer the agent's. With `schema` — typebox, or a Standard Schema such
 * as Zod's — the result's `data` is the schema's validated type; without one it is the final
 * answer's text.
 *
 * @example
 * const agent = createReAct(client, { schema: Type.Object({ total: Type.Number() }) });
 * const { data, iterations } = await agent.execute('What is 17 * 23 + 4?');
 * data.total; // number
 *
 * @example
 * const agent = createReAct(client, { schema: z.object({ total: z.number() }) });
 *
 * @throws ValidationError naming the first bad argument or option.
 */
export function createReAct<S extends Schema | undefined = undefined>(
  client: Client,
  options: ReActOptions<S> = {},
): ReAct<ReActData<S>> {
  checkClient(client);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(key, 'is not a createReAct option');
  }
  const {
    schema,
    name = 'react',
    description,
    maxIterations = 10,
    stopOnError = false,
    annotateSystemPrompt = true,
    toolConcurrency = 4,
    structuredOutput = 'auto',
  } = options;
  const jsonSchema = finalAnswerJsonSchema(schema, options.jsonSchema);
  if (typeof name !== 'string' || name.trim() === '' || name.length > 128) {
    throw new ValidationError('name', 'must be a non-empty string of at most 128 characters');
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ValidationError('description', 'must be a string');
  }
  checkPositiveInteger(maxIterations, 'maxIterations');
  checkPositiveInteger(toolConcurrency, 'toolConcurrency');
  checkBoolean(stopOnError, 'stopOnError');
  checkBoolean(annotateSystemPrompt, 'annotateSystemPrompt');
  if (!MODES.includes(structuredOutput)) {
    throw new ValidationError(
      'structuredOutput',
      `must be 'auto', 'native' or 'prompt', got ${JSON.stringify(structuredOutput)}`,
    );
  }
  for (const hook of [
    'prepareIteration',
    'beforeToolCall',
    'afterToolCall',
    'onToolProgress',
    'validateFinalAnswer',
  ] as const) {
    if (options[hook] !== undefined && typeof options[hook] !== 'function') {
      throw new ValidationError(hook, 'must be a function');
    }
  }

  const taskMemory = checkTaskMemoryOption(options.taskMemory);
  const approval = checkApprovalPolicy(options.approval);
  const signingKey = checkSigningKey(options.signingKey);
  const runStore = checkRunStore(options.runStore, 'runStore');
  const guards = checkGuards(options.guardrails, options.authorizeTool, options.approverRoles);

  // The loop needs the assistant's replies in memory; a client that drops them is derived, not changed.
  // So is a client given a context policy: `withOptions` checks it (ValidationError naming
  // `context.…`) and shares the client's turn serialisation.
  const overrides: ClientOptions = {
    ...(client.options.persistAssistantReplies === false ? { persistAssistantReplies: true } : {}),
    ...(options.context === undefined ? {} : { context: options.context }),
  };
  const agentClient = Object.keys(overrides).length === 0 ? client : client.withOptions(overrides);
  const settings: AgentSettings = Object.freeze({
    client: agentClient,
    name,
    schema,
    jsonSchema,
    maxIterations,
    stopOnError,
    toolConcurrency,
    systemPrompt: annotateSystemPrompt
      ? joinPrompt(client.options.systemPrompt, reactInstructions(maxIterations, jsonSchema))
      : undefined,
    structuredOutput,
    visibleTools: new VisibleTools(agentClient),
    hooks: Object.freeze({
      ...(options.beforeToolCall === undefined
        ? {}
        : { beforeToolCall: options.beforeToolCall.bind(options) }),
      ...(options.afterToolCall === undefined
        ? {}
        : { afterToolCall: options.afterToolCall.bind(options) }),
      ...(options.onToolProgress === undefined
        ? {}
        : { onToolProgress: options.onToolProgress.bind(options) }),
    }),
    prepareIteration: options.prepareIteration?.bind(options),
    validateFinalAnswer: options.validateFinalAnswer?.bind(
      options,
    ) as AgentSettings['validateFinalAnswer'],
    approval,
    signingKey,
    guards,
  });

  const runInput = (prompt: Prompt, runOptions: ReActRunOptions | undefined) =>
    checkRun(prompt, runOptions, agentClient, runStore);
  const resumeInput = (
    suspended: SuspendedRun,
    responses: InteractionResponses,
    runOptions: ReActRunOptions | undefined,
  ): Omit<RunInput, 'sink'> => {
    const runId =
      suspended !== null && typeof suspended === 'object' && typeof suspended.runId === 'string'
        ? suspended.runId
        : '';
    const checked = checkRunOptions(runOptions, agentClient, runStore, runId);
    return { ...checked, prompt: undefined, resume: { suspended, responses } };
  };

  const stream = (
    input: Omit<RunInput, 'sink'>,
    run: (input: RunInput) => Promise<ReActOverview<ReActData<S>>>,
  ) =>
    new ReActStream<ReActData<S>>(
      (sink, signal, steering) =>
        run({ ...input, signal, sink, steering: steering as RunSteering }),
      input.signal,
      input.steering,
    );

  return Object.freeze({
    name,
    description,
    get toolDescriptions() {
      return agentClient.tools.descriptions;
    },
    client,
    schema,
    jsonSchema,
    maxIterations,
    execute: async (prompt: Prompt, runOptions?: ReActRunOptions) => {
      const input = runInput(prompt, runOptions);
      return runWithTaskMemory(taskMemory, settings, prompt, input.signal, (runSettings) =>
        runReAct<ReActData<S>>(runSettings, { ...input, sink: undefined }, inMemoryMemory),
      );
    },
    executeStream: (prompt: Prompt, runOptions?: ReActRunOptions) =>
      stream(runInput(prompt, runOptions), (input) =>
        runWithTaskMemory(taskMemory, settings, prompt, input.signal, (runSettings) =>
          runReAct(runSettings, input, inMemoryMemory),
        ),
      ),
    resume: async (
      suspended: SuspendedRun,
      responses: InteractionResponses,
      runOptions?: ReActRunOptions,
    ) =>
      runReAct<ReActData<S>>(
        settings,
        { ...resumeInput(suspended, responses, runOptions), sink: undefined },
        inMemoryMemory,
      ),
    resumeStream: (
      suspended: SuspendedRun,
      responses: InteractionResponses,
      runOptions?: ReActRunOptions,
    ) =>
      stream(resumeInput(suspended, responses, runOptions), (input) =>
        runReAct(settings, input, inMemoryMemory),
      ),
    start: async (prompt: Prompt, startOptions?: ReActStartOptions) =>
      startReAct(
        settings,
        prompt,
        checkStart(prompt, startOptions, agentClient, runStore),
        taskMemory,
      ),
    step: async (state: ReActRunState, stepOptions?: ReActStepOptions<ReActData<S>>) =>
      stepReAct<ReActData<S>>(
        settings,
        state,
        checkStep(state, stepOptions, agentClient, runStore),
        inMemoryMemory,
        taskMemory,
      ),
  });
}

function checkClient(client: Client): void {
  if (client === null || typeof client !== 'object') {
    throw new ValidationError('client', 'must be a Client (createClient() from @aigo/client)');
  }
  for (const method of CLIENT_METHODS) {
    if (typeof client[method] !== 'function') {
      throw new ValidationError(
        'client',
        `must be a Client (createClient() from @aigo/client): ${method}() is missing`,
      );
    }
  }
  if (client.tools === null || typeof client.tools !== 'object' || client.options === undefined) {
    throw new ValidationError('client', 'must be a Client (createClient() from @aigo/client)');
  }
}

/** The final answer's JSON Schema (checked with the schema), or `undefined` without a schema. */
function finalAnswerJsonSchema(
  schema: Schema | undefined,
  jsonSchema: JsonSchema | undefined,
): JsonSchema | undefined {
  if (schema === undefined) {
    if (jsonSchema !== undefined) {
      throw new ValidationError('jsonSchema', 'describes a schema: give schema too');
    }
    return undefined;
  }
  return schemaToJsonSchema(schema, { jsonSchema });
}

function checkPositiveInteger(value: unknown, argument: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ValidationError(argument, `must be a positive integer, got ${String(value)}`);
  }
}

function checkBoolean(value: unknown, argument: string): void {
  if (typeof value !== 'boolean') throw new ValidationError(argument, 'must be a boolean');
}
