import {
  type Agent,
  type AgentEvent,
  type AgentResult,
  type AgentRunOptions,
  type AgentStream,
  AigoError,
  type ContentPart,
  type Message,
  messageText,
  type Prompt,
  ValidationError,
} from '@aigo/ai';
import type { GraphResult } from './graph-result.js';
import type { Graph } from './plan/create-graph.js';

/** Options of {@link graphAgent}. */
export interface GraphAgentOptions<T, O> {
  /** The agent's name (the tool's, with `agentTool`). */
  readonly name: string;
  /** What the graph does, for people and other agents. */
  readonly description?: string;
  /** The graph's initial state from the prompt. Default: `{ prompt }` (its text). */
  readonly input?: (prompt: Prompt) => Readonly<Record<string, unknown>>;
  /** The agent's `data` from the graph's result. Default: `result.data`. */
  readonly output?: (result: GraphResult<T>) => O;
}

const KEYS = new Set(['name', 'description', 'input', 'output']);

/** The text of a prompt: a string as it is, the text parts of parts or a message. */
function promptText(prompt: Prompt): string {
  if (typeof prompt === 'string') return prompt;
  if (!Array.isArray(prompt)) return messageText(prompt as Message);
  return messageText({ role: 'user', content: prompt as readonly ContentPart[] } as Message);
}

/**
 * Makes a graph an `Agent` of `@aigo/ai`: `execute(prompt)` runs the graph on the state `input`
 * makes of the prompt and resolves to its result — `data` from `output`, the graph's usage and cost
 * (so, as an `agentTool` of `@aigo/react`, a graph adds its cost into the calling run's). The run's
 * `signal`, `span` and `runId` go to `graph.execute`; its memory and context do not (a graph has
 * none). `executeStream` emits `iteration_start`, then `final_answer` (the data, as JSON unless a
 * string) or `error`: the graph's node events are not agent events. A graph run suspends through
 * its own `resume(runId, …)`, so `resume` rejects (`unsupported`).
 *
 * @throws ValidationError naming the bad argument: a `graph` without `execute`, a missing `name`,
 *   an unknown option.
 */
export function graphAgent<T, O = T>(graph: Graph<T>, options: GraphAgentOptions<T, O>): Agent<O> {
  if (graph === null || typeof graph !== 'object' || typeof graph.execute !== 'function') {
    throw new ValidationError('graph', 'must be a graph (createGraph)');
  }
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with a name');
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) throw new ValidationError(key, 'is not an option of graphAgent');
  }
  const { name, description, input, output } = options;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ValidationError('name', 'the graph agent needs a name');
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ValidationError('description', 'must be a string');
  }
  for (const [key, value] of [
    ['input', input],
    ['output', output],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new ValidationError(key, 'must be a function');
    }
  }
  const toState = input ?? ((prompt: Prompt) => ({ prompt: promptText(prompt) }));
  const toData = output ?? ((result: GraphResult<T>) => result.data as unknown as O);

  const execute = async (prompt: Prompt, run?: AgentRunOptions): Promise<AgentResult<O>> => {
    const result = await graph.execute(toState(prompt), {
      ...(run?.signal === undefined ? {} : { signal: run.signal }),
      ...(run?.span === undefined ? {} : { span: run.span }),
      ...(run?.runId === undefined ? {} : { runId: run.runId }),
    });
    const data = toData(result);
    return {
      data,
      totalUsage: result.totalUsage,
      costSummary: () => result.costSummary(),
    };
  };

  const executeStream = (prompt: Prompt, run?: AgentRunOptions): AgentStream<O> => {
    let settled: Promise<AgentResult<O>> | undefined;
    const collect = () => {
      settled ??= execute(prompt, run);
      return settled;
    };
    return {
      collect,
      async *[Symbol.asyncIterator](): AsyncIterator<AgentEvent<O>> {
        yield { type: 'iteration_start', iteration: 1 };
        let result: AgentResult<O>;
        try {
          result = await collect();
        } catch (error) {
          yield { type: 'error', iteration: 1, error: asAigoError(error) };
          return;
        }
        const content =
          typeof result.data === 'string' ? result.data : (JSON.stringify(result.data) ?? '');
        yield { type: 'final_answer', iteration: 1, content, result: result.data };
      },
    };
  };

  const unsupported = () =>
    new AigoError(
      'unsupported',
      `graph agent "${name}": a graph run is resumed with graph.resume(runId, responses)`,
    );
  return {
    name,
    description,
    toolDescriptions: [],
    execute,
    executeStream,
    resume: () => Promise.reject(unsupported()),
    resumeStream: () => {
      const error = unsupported();
      return {
        collect: () => Promise.reject(error),
        async *[Symbol.asyncIterator](): AsyncIterator<AgentEvent<O>> {
          yield { type: 'error', iteration: 0, error };
        },
      };
    },
  };
}

function asAigoError(error: unknown): AigoError {
  if (AigoError.isInstance(error)) return error;
  return new AigoError('agent_stopped', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}
