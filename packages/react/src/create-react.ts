import {
  type Agent,
  type InteractionResponses,
  type JsonSchema,
  type MemoryProvider,
  type Prompt,
  type RunStore,
  type Schema,
  type SuspendedRun,
  schemaToJsonSchema,
  type ToolDescription,
  ValidationError,
} from '@aigo/ai';
import { type Client, type ClientOptions, inMemoryMemory } from '@aigo/client';
import { checkApprovalPolicy } from './approval/check-approval-policy.js';
import type { AgentSettings, RunInput } from './loop/agent-settings.js';
import { runReAct } from './loop/run-react.js';
import { VisibleTools } from './loop/visible-tools.js';
import { joinPrompt, reactInstructions } from './react-instructions.js';
import type {
  ReActData,
  ReActOptions,
  ReActRunOptions,
  StructuredOutputMode,
} from './react-options.js';
import type { ReActOverview } from './react-result.js';
import { ReActStream } from './react-stream.js';
import { checkSigningKey } from './suspend/sign-suspended-run.js';
import { checkTaskMemoryOption, runWithTaskMemory } from './task-memory/react-task-memory.js';

/**
 * A ReAct agent: a loop of model calls and tool runs over a client, ending with a typed final
 * answer. Immutable and safe to share: concurrent runs on separate memories do not interfere.
 *
 * It is `@aigo/ai`'s `Agent<T>`, so servers and adapters written against `Agent` can run, stream
 * and resume it. With `approval` (or tools that declare `needsApproval`) a run suspends before a
 * reply's tools run, and `resume` continues it — in any process with the same agent configuration.
 */
export interface ReAct<T> extends Agent<T> {
  /** The agent's name (`gen_ai.agent.name` on its spans). */
  readonly name: string;
  /** What the agent does, for people and other agents (the `description` option). */
  readonly description: string | undefined;
  /** The client's current tools, described (a tool set's as of now). */
  readonly toolDescriptions: readonly ToolDescription[];
  /** The client the agent runs on (never changed by the agent). */
  readonly client: Client;
  /** The final answer's schema, if any. */
  readonly schema: Schema | undefined;
  /** The final answer's JSON Schema the model sees, when there is a schema. */
  readonly jsonSchema: JsonSchema | undefined;
  readonly maxIterations: number;
  /**
   * Runs the agent on a prompt. Resolves to the run's overview with the typed `data` only when the
   * run ends with a final answer; rejects with `AgentStoppedError` (`stopReason` `max_iterations`,
   * `error`, `aborted`, or `suspended` with the `suspended` run to resume, and the overview so far)
   * on any other end, or with `ParseError` when the final answer cannot be read as the schema even
   * after one JSON-only retry.
   *
   * @throws ValidationError (as a rejection) for a bad prompt or option.
   */
  execute(prompt: Prompt, options?: ReActRunOptions): Promise<ReActOverview<T>>;
  /**
   * Runs the agent, streaming its events (`iteration_start`, `reasoning`, `content`,
   * `partial_answer` — the typed answer so far, with a schema —, `tool_call`, `tool_progress`,
   * `tool_result`, then `final_answer`, `interaction_requested` or `error`). Nothing runs until the stream is iterated or
   * collected; `collect()` resolves or rejects as `execute` does, and the memory ends up as
   * `execute` leaves it.
   *
   * @throws ValidationError for a bad prompt or option (synchronously).
   */
  executeStream(prompt: Prompt, options?: ReActRunOptions): ReActStream<T>;
  /**
   * Continues a suspended run with a decision for every request: runs the waiting reply's calls as
   * decided (approved ones with the edited arguments, if any; refused ones answered with a tool
   * result saying so and why), then goes on as `execute` does — and may suspend again. Before any
   * tool runs it checks the value (`SuspendedRunError`), the responses (`ValidationError`), the
   * conversation (`ConversationConflictError` when it moved on) and, with a run store, claims the
   * run (`RunConflictError` for the loser of two resumes). Pass the memory the run suspended on.
   */
  resume(
    suspended: SuspendedRun,
    responses: InteractionResponses,
    options?: ReActRunOptions,
  ): Promise<ReActOverview<T>>;
  /**
   * The streaming twin of `resume`: `interaction_resumed` first, then the events of the run. A
   * resume refused before it ran anything ends the stream with an `error` event carrying the error.
   */
  resumeStream(
    suspended: SuspendedRun,
    responses: InteractionResponses,
    options?: ReActRunOptions,
  ): ReActStream<T>;
}

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
]);
const RUN_KEYS = new Set<string>(['signal', 'memory', 'context', 'span', 'runId', 'runStore']);
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
  if (options.runStore !== undefined) checkRunStore(options.runStore, 'runStore');
  const runStore = options.runStore;

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
    return { ...checked, prompt: '', resume: { suspended, responses } };
  };

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
    executeStream: (prompt: Prompt, runOptions?: ReActRunOptions) => {
      const input = runInput(prompt, runOptions);
      return new ReActStream<ReActData<S>>(
        (sink, signal) =>
          runWithTaskMemory(taskMemory, settings, prompt, signal, (runSettings) =>
            runReAct(runSettings, { ...input, signal, sink }, inMemoryMemory),
          ),
        input.signal,
      );
    },
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
    ) => {
      const input = resumeInput(suspended, responses, runOptions);
      return new ReActStream<ReActData<S>>(
        (sink, signal) => runReAct(settings, { ...input, signal, sink }, inMemoryMemory),
        input.signal,
      );
    },
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

/** Checks a run's prompt and options; resolves its memory (`undefined`: stateless). */
function checkRun(
  prompt: Prompt,
  options: ReActRunOptions | undefined,
  client: Client,
  runStore: RunStore | undefined,
): Omit<RunInput, 'sink'> {
  if (typeof prompt === 'string') {
    if (prompt.trim() === '') throw new ValidationError('prompt', 'is empty');
  } else if (Array.isArray(prompt)) {
    if (prompt.length === 0) throw new ValidationError('prompt', 'has no content parts');
  } else if (
    prompt === null ||
    typeof prompt !== 'object' ||
    (prompt as { role?: unknown }).role !== 'user'
  ) {
    throw new ValidationError(
      'prompt',
      'must be a string, an array of content parts or a user message',
    );
  }
  return { ...checkRunOptions(options, client, runStore, undefined), prompt };
}

/** Checks a run's options; `runId` is a resumed run's own (a different one is refused). */
function checkRunOptions(
  options: ReActRunOptions | undefined,
  client: Client,
  runStore: RunStore | undefined,
  resumedRunId: string | undefined,
): Omit<RunInput, 'sink' | 'prompt'> {
  if (options === undefined) {
    return {
      memory: client.memory,
      signal: undefined,
      context: undefined,
      parentSpan: undefined,
      runId: resumedRunId ?? crypto.randomUUID(),
      runStore,
    };
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!RUN_KEYS.has(key)) throw new ValidationError(key, 'is not an option of a ReAct run');
  }
  const { signal, memory, context, span, runId } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('signal', 'must be an AbortSignal');
  }
  if (memory !== undefined && memory !== null) checkMemory(memory);
  if (
    span !== undefined &&
    (span === null || typeof span !== 'object' || typeof span.end !== 'function')
  ) {
    throw new ValidationError('span', 'must be a Span');
  }
  if (runId !== undefined && (typeof runId !== 'string' || runId === '')) {
    throw new ValidationError('runId', 'must be a non-empty string');
  }
  if (options.runStore !== undefined) checkRunStore(options.runStore, 'runStore');
  return {
    memory: memory === null ? undefined : (memory ?? client.memory),
    signal,
    context,
    parentSpan: span,
    runId: runId ?? resumedRunId ?? crypto.randomUUID(),
    runStore: options.runStore ?? runStore,
  };
}

function checkRunStore(store: RunStore, argument: string): void {
  if (
    store === null ||
    typeof store !== 'object' ||
    (['save', 'load', 'claim', 'delete'] as const).some(
      (method) => typeof store[method] !== 'function',
    )
  ) {
    throw new ValidationError(argument, 'must be a RunStore (save, load, claim, delete)');
  }
}

function checkMemory(memory: MemoryProvider): void {
  if (
    typeof memory !== 'object' ||
    typeof memory.allMessages !== 'function' ||
    typeof memory.appendMessages !== 'function'
  ) {
    throw new ValidationError('memory', 'must be a MemoryProvider (allMessages, appendMessages…)');
  }
}
