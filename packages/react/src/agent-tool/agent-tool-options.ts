import {
  type Agent,
  type InferSchema,
  isStandardSchema,
  type MemoryProvider,
  type Prompt,
  type Schema,
  ValidationError,
} from '@aigo/ai';
import type { PromptInput } from './prompt-input.js';

/** The most agents nested in one another by default (`maxDepth`). */
export const DEFAULT_AGENT_TOOL_MAX_DEPTH = 5;

/** How an agent tool's arguments are described and become the sub-run's prompt. */
export interface AgentToolInput<S extends Schema> {
  /** The tool's argument schema (typebox or a Standard Schema with JSON Schema output). */
  readonly schema: S;
  /** The sub-run's prompt from the validated arguments. Default: the arguments as JSON. */
  readonly prompt?: (input: InferSchema<S>) => Prompt;
}

/** Options of `agentTool`. */
export interface AgentToolOptions<S extends Schema | undefined = undefined> {
  /** The tool's name (1–64 letters, digits, `_`, `-`). Default: the agent's `name`. */
  readonly name?: string;
  /** What the tool does, for the model. Default: the agent's `description`. */
  readonly description?: string;
  /** The tool's arguments and how they become the prompt. Default `{ prompt: string }`. */
  readonly input?: S extends Schema ? AgentToolInput<S> : undefined;
  /**
   * The sub-run's memory: every call continues this conversation. Default: none — each call is a
   * conversation of its own, and the parent's memory is never the sub-run's.
   */
  readonly memory?: MemoryProvider;
  /**
   * The most agents nested in one another, the top-level one included (default 5): a call that
   * would nest deeper fails (a tool error the model reads) without running the agent.
   */
  readonly maxDepth?: number;
}

/** `agentTool`'s options, checked. */
export interface AgentToolSettings {
  readonly name: string;
  readonly description: string;
  readonly schema: Schema | undefined;
  readonly prompt: (input: unknown) => Prompt;
  readonly memory: MemoryProvider | null;
  readonly maxDepth: number;
}

const KEYS = new Set(['name', 'description', 'input', 'memory', 'maxDepth']);

/** The prompt of an `input` schema without a `prompt` function: the arguments as JSON. */
const asJson = (input: unknown): Prompt => JSON.stringify(input);
/** The prompt of the default `{ prompt }` arguments. */
const promptField = (input: unknown): Prompt => (input as PromptInput).prompt;

/**
 * Checks `agentTool`'s agent and options.
 *
 * @throws ValidationError naming the bad argument: an `agent` that is not an `Agent` or has no name
 *   (and no `name` option), a description missing on both, an unknown option, a bad `input`,
 *   `memory` or `maxDepth`.
 */
export function checkAgentTool(
  agent: Agent<unknown>,
  options: AgentToolOptions<Schema | undefined> | undefined,
): AgentToolSettings {
  if (
    agent === null ||
    typeof agent !== 'object' ||
    typeof agent.execute !== 'function' ||
    typeof agent.executeStream !== 'function'
  ) {
    throw new ValidationError('agent', 'must be an Agent (name, execute, executeStream…)');
  }
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options ?? {})) {
    if (!KEYS.has(key)) throw new ValidationError(key, 'is not an option of agentTool');
  }
  const name = options?.name ?? agent.name;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ValidationError(
      'agent.name',
      'the agent has no name: give it one, or the name option',
    );
  }
  const description = options?.description ?? agent.description;
  if (typeof description !== 'string' || description.trim() === '') {
    throw new ValidationError(
      'description',
      `agent tool "${name}" needs a description for the model (the option or the agent's)`,
    );
  }
  const input = options?.input as AgentToolInput<Schema> | undefined;
  if (input !== undefined) {
    const schema: unknown = input === null || typeof input !== 'object' ? undefined : input.schema;
    if (
      !isStandardSchema(schema) &&
      (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    ) {
      throw new ValidationError('input.schema', 'must be a typebox schema or a Standard Schema');
    }
    if (input.prompt !== undefined && typeof input.prompt !== 'function') {
      throw new ValidationError('input.prompt', 'must be a function of the arguments');
    }
  }
  const memory = options?.memory;
  if (
    memory !== undefined &&
    (memory === null ||
      typeof memory !== 'object' ||
      typeof memory.allMessages !== 'function' ||
      typeof memory.appendMessages !== 'function')
  ) {
    throw new ValidationError('memory', 'must be a MemoryProvider (allMessages, appendMessages…)');
  }
  const maxDepth = options?.maxDepth ?? DEFAULT_AGENT_TOOL_MAX_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) {
    throw new ValidationError('maxDepth', `must be a positive integer, got ${String(maxDepth)}`);
  }
  return {
    name,
    description,
    schema: input?.schema,
    prompt:
      input === undefined
        ? promptField
        : ((input.prompt as ((value: unknown) => Prompt) | undefined) ?? asJson),
    memory: memory ?? null,
    maxDepth,
  };
}
