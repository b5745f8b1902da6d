import {
  checkPrincipal,
  copyRunState,
  type JsonObject,
  type MemoryProvider,
  type Prompt,
  type RunStore,
  ValidationError,
} from '@aigo/ai';
import type { Client } from '@aigo/client';
import type { RunInput } from './loop/agent-settings.js';
import type { ReActRunOptions } from './react-options.js';
import { checkSteeringQueue } from './steering/steering-queue.js';
import type { StepInput } from './step/run-step.js';
import type { StartInput } from './step/start-run.js';
import type { ReActStartOptions, ReActStepOptions } from './step/step-types.js';

const RUN_KEYS = new Set<string>([
  'signal',
  'memory',
  'context',
  'span',
  'runId',
  'runStore',
  'state',
  'steering',
  'agentPath',
  'a2a',
  'principal',
]);
const START_KEYS = new Set<string>(['signal', 'memory', 'runId', 'runStore', 'state', 'principal']);
const STEP_KEYS = new Set<string>([
  'signal',
  'memory',
  'context',
  'span',
  'runStore',
  'steering',
  'responses',
  'onEvent',
  'principal',
]);

/** What a run's checked options are, before its prompt and sink. */
type CheckedRun = Omit<RunInput, 'sink' | 'prompt'>;

/**
 * Checks a prompt: a non-empty string, content parts or a user message.
 *
 * @throws ValidationError naming `prompt`.
 */
export function checkPrompt(prompt: Prompt): void {
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
}

/** Checks a run's prompt and options; resolves its memory (`undefined`: stateless). */
export function checkRun(
  prompt: Prompt,
  options: ReActRunOptions | undefined,
  client: Client,
  runStore: RunStore | undefined,
): Omit<RunInput, 'sink'> {
  checkPrompt(prompt);
  return { ...checkRunOptions(options, client, runStore, undefined), prompt };
}

/** Checks a run's options; `runId` is a resumed run's own (a different one is refused). */
export function checkRunOptions(
  options: ReActRunOptions | undefined,
  client: Client,
  runStore: RunStore | undefined,
  resumedRunId: string | undefined,
): CheckedRun {
  if (options === undefined) {
    return {
      memory: client.memory,
      signal: undefined,
      context: undefined,
      parentSpan: undefined,
      runId: resumedRunId ?? crypto.randomUUID(),
      runStore,
      steering: undefined,
      state: undefined,
      principal: undefined,
    };
  }
  checkKeys(options, RUN_KEYS, 'an option of a ReAct run');
  const { context, span, runId } = options;
  const signal = checkSignal(options.signal);
  const memory = checkMemory(options.memory, client);
  if (
    span !== undefined &&
    (span === null || typeof span !== 'object' || typeof span.end !== 'function')
  ) {
    throw new ValidationError('span', 'must be a Span');
  }
  if (runId !== undefined && (typeof runId !== 'string' || runId === '')) {
    throw new ValidationError('runId', 'must be a non-empty string');
  }
  if (resumedRunId !== undefined && options.state !== undefined) {
    throw new ValidationError('state', 'is the suspended run’s own: a resume takes none');
  }
  const a2a = options.a2a;
  if (a2a !== undefined && (a2a === null || typeof a2a !== 'object')) {
    throw new ValidationError('a2a', 'must be the A2A request');
  }
  return {
    memory,
    signal,
    context,
    ...(a2a === undefined ? {} : { a2a }),
    parentSpan: span,
    runId: runId ?? resumedRunId ?? crypto.randomUUID(),
    runStore: checkRunStore(options.runStore, 'runStore') ?? runStore,
    steering: checkSteeringQueue(options.steering),
    state: options.state === undefined ? undefined : copyRunState(options.state),
    ...(options.agentPath === undefined ? {} : { agentPath: checkAgentPath(options.agentPath) }),
    principal: checkPrincipal(options.principal),
  };
}

/** @throws ValidationError (`agentPath`) unless it is an array of non-empty names. */
function checkAgentPath(path: unknown): readonly string[] {
  if (!Array.isArray(path) || path.some((name) => typeof name !== 'string' || name === '')) {
    throw new ValidationError('agentPath', 'must be an array of agent names');
  }
  return Object.freeze([...(path as string[])]);
}

/** Checks the prompt and options of `agent.start`. */
export function checkStart(
  prompt: Prompt,
  options: ReActStartOptions | undefined,
  client: Client,
  runStore: RunStore | undefined,
): StartInput {
  checkPrompt(prompt);
  if (options !== undefined) checkKeys(options, START_KEYS, 'an option of agent.start');
  const runId = options?.runId;
  if (runId !== undefined && (typeof runId !== 'string' || runId === '')) {
    throw new ValidationError('runId', 'must be a non-empty string');
  }
  const state: JsonObject | undefined =
    options?.state === undefined ? undefined : copyRunState(options.state);
  return {
    memory: checkMemory(options?.memory, client),
    signal: checkSignal(options?.signal),
    runId: runId ?? crypto.randomUUID(),
    runStore: checkRunStore(options?.runStore, 'runStore') ?? runStore,
    state,
    principal: checkPrincipal(options?.principal),
  };
}

/** Checks the options of `agent.step` for the run `state` belongs to. */
export function checkStep<T>(
  state: unknown,
  options: ReActStepOptions<T> | undefined,
  client: Client,
  runStore: RunStore | undefined,
): StepInput {
  if (options !== undefined) checkKeys(options, STEP_KEYS, 'an option of agent.step');
  const runId =
    state !== null &&
    typeof state === 'object' &&
    typeof (state as { runId?: unknown }).runId === 'string'
      ? (state as { runId: string }).runId
      : '';
  const span = options?.span;
  if (
    span !== undefined &&
    (span === null || typeof span !== 'object' || typeof span.end !== 'function')
  ) {
    throw new ValidationError('span', 'must be a Span');
  }
  const onEvent = options?.onEvent;
  if (onEvent !== undefined && typeof onEvent !== 'function') {
    throw new ValidationError('onEvent', 'must be a function');
  }
  return {
    prompt: undefined,
    memory: checkMemory(options?.memory, client),
    signal: checkSignal(options?.signal),
    context: options?.context,
    parentSpan: span,
    runId,
    runStore: checkRunStore(options?.runStore, 'runStore') ?? runStore,
    steering: checkSteeringQueue(options?.steering),
    state: undefined,
    principal: checkPrincipal(options?.principal),
    responses: options?.responses,
    sink:
      onEvent === undefined
        ? undefined
        : {
            emit: (event) => {
              const done = onEvent(event as never);
              return done instanceof Promise ? done.then(ignore) : undefined;
            },
            post: (event) => {
              try {
                const done: unknown = onEvent(event as never);
                if (done instanceof Promise) done.catch(ignore);
              } catch {
                // A listener of progress reports cannot fail the running tool.
              }
            },
          },
  };
}

function ignore(): void {}

function checkKeys(options: object, keys: ReadonlySet<string>, what: string): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!keys.has(key)) throw new ValidationError(key, `is not ${what}`);
  }
}

function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('signal', 'must be an AbortSignal');
  }
  return signal;
}

/** The run's memory: the option (`null`: none), else the client's. */
function checkMemory(
  memory: MemoryProvider | null | undefined,
  client: Client,
): MemoryProvider | undefined {
  if (memory === null) return undefined;
  if (memory === undefined) return client.memory;
  if (
    typeof memory !== 'object' ||
    typeof memory.allMessages !== 'function' ||
    typeof memory.appendMessages !== 'function'
  ) {
    throw new ValidationError('memory', 'must be a MemoryProvider (allMessages, appendMessages…)');
  }
  return memory;
}

/**
 * @throws ValidationError naming `argument` unless `store` is a `RunStore` (or unset).
 */
export function checkRunStore(store: RunStore | undefined, argument: string): RunStore | undefined {
  if (store === undefined) return undefined;
  if (
    store === null ||
    typeof store !== 'object' ||
    (['save', 'load', 'claim', 'delete'] as const).some(
      (method) => typeof store[method] !== 'function',
    )
  ) {
    throw new ValidationError(argument, 'must be a RunStore (save, load, claim, delete)');
  }
  return store;
}
