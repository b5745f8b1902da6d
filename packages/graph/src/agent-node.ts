import {
  type Agent,
  type AgentResult,
  type AgentRunOptions,
  AgentStoppedError,
  type Prompt,
  ValidationError,
} from '@aigo/ai';
import { Overview } from '@aigo/client';
import type { NodeFunction, NodeInput } from './plan/node-types.js';

/** Options of {@link agentNode}. */
export interface AgentNodeOptions<T, O> {
  /**
   * The prompt of the agent's run: a fixed prompt, or one built from the node's input (its
   * parents' outputs, the shared state, its params).
   */
  readonly prompt: Prompt | ((input: NodeInput) => Prompt | Promise<Prompt>);
  /** The node's output from the agent's result. Default: `result.data`. */
  readonly output?: (result: AgentResult<T>, input: NodeInput) => O | Promise<O>;
  /**
   * The run options of every run and resume (`memory`, `context`, `runStore`). The node sets
   * `signal`, `span` and `runId` itself.
   */
  readonly runOptions?: Omit<AgentRunOptions, 'signal' | 'span' | 'runId'>;
}

/**
 * Turns an agent (`createReAct` of `@aigo/react`, or any `Agent`) into a node function. The node
 * runs `agent.execute(prompt)`; in a resumed run (`graph.resume`) it continues the agent's
 * suspended run instead, with `agent.resume(input.resume.suspended, input.resume.responses)`. Each
 * run gets the node's `signal` and `span`, and the run id `input.attemptKey`
 * (`"<graph run id>/<node id>"`), the same on every attempt. A run that suspends rejects with the
 * agent's `AgentStoppedError` (`stopReason: 'suspended'`), which suspends the node — and, once
 * nothing else can run, the graph run.
 *
 * The agent's model calls are recorded into the node's overview (so the graph's usage and cost
 * include them) when the agent reports an aigo `Overview`, as `createReAct` agents do; a resumed
 * agent reports what it paid before suspending again, so it is counted once. Give the node the
 * agent's client (`client` or the graph's `defaultClient`) so a run restored from its checkpoint
 * prices those calls at the same prices.
 *
 * @example
 * const graph = createGraph('publish', { checkpointer, defaultClient: client })
 *   .addNode('draft', agentNode(writer, { prompt: ({ sharedState }) => sharedState.get('topic') as Promise<string> }))
 *   .addNode('publish', ({ upstreamResults }) => publish(upstreamResults.draft?.output))
 *   .addEdge('draft', 'publish');
 *
 * @throws ValidationError for an agent without `execute` and `resume`, or a missing prompt.
 */
export function agentNode<T, O = T>(
  agent: Agent<T>,
  options: AgentNodeOptions<T, O>,
): NodeFunction<O> {
  if (
    agent === null ||
    typeof agent !== 'object' ||
    typeof agent.execute !== 'function' ||
    typeof agent.resume !== 'function'
  ) {
    throw new ValidationError('agent', 'must be an Agent (with execute and resume methods)');
  }
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with a prompt');
  }
  const { prompt, output, runOptions } = options;
  if (prompt === undefined || prompt === null) {
    throw new ValidationError(
      'options.prompt',
      'is required: a prompt or a function of the node input',
    );
  }
  if (output !== undefined && typeof output !== 'function') {
    throw new ValidationError('options.output', 'must be a function');
  }
  if (runOptions !== undefined && (runOptions === null || typeof runOptions !== 'object')) {
    throw new ValidationError('options.runOptions', 'must be an object');
  }
  return async (input: NodeInput): Promise<O> => {
    const resume = input.resume;
    const shared = {
      ...runOptions,
      signal: input.signal,
      ...(input.span === undefined ? {} : { span: input.span }),
    };
    let result: AgentResult<T>;
    try {
      result =
        resume === undefined
          ? await agent.execute(typeof prompt === 'function' ? await prompt(input) : prompt, {
              ...shared,
              runId: input.attemptKey,
            })
          : await agent.resume(resume.suspended, resume.responses, {
              ...shared,
              runId: resume.suspended.runId,
            });
    } catch (error) {
      if (AgentStoppedError.isInstance(error)) record(input, error.overview);
      throw error;
    }
    record(input, result);
    return output === undefined ? (result.data as unknown as O) : output(result, input);
  };
}

/** Records an agent's overview (what its run paid) into the node's. */
function record(input: NodeInput, overview: unknown): void {
  if (overview instanceof Overview && overview !== input.overview) input.overview.merge(overview);
}
