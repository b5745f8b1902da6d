import {
  type Agent,
  type AgentResult,
  type AgentRunOptions,
  AgentStoppedError,
  type CostSummary,
  type ParentRun,
  type Prompt,
  type ToolContext,
  ToolError,
  type Usage,
} from '@aigo/ai';
import type { AgentToolSettings } from './agent-tool-options.js';

/** Span events of an agent tool's `execute_tool` span (the log observer writes them). */
export const AGENT_CALL_EVENT = 'aigo.agent.call';
export const AGENT_RETURN_EVENT = 'aigo.agent.return';

/**
 * Runs the agent for one call of its tool: under the call's `execute_tool` span, with the call's
 * signal and context, on the tool's memory (none by default), as a sub-run of `ctx.parentRun` —
 * its events forwarded there (`agent_event`) when the parent streams, its usage and cost added to
 * the parent's whether it answers or stops. Resolves to its `data`; rejects with what the run
 * rejects with (the tool's error result), or with a `ToolError` when nesting it would go deeper
 * than `maxDepth`.
 */
export async function runSubAgent(
  agent: Agent<unknown>,
  settings: AgentToolSettings,
  prompt: Prompt,
  ctx: ToolContext,
): Promise<unknown> {
  const parent = ctx.parentRun;
  const path = parent?.path ?? [];
  if (path.length + 1 > settings.maxDepth) {
    throw new ToolError(
      settings.name,
      `Calling agent "${settings.name}" from ${path.join(' > ')} would nest ${path.length + 1} agents; at most ${settings.maxDepth} (maxDepth) may nest.`,
      ctx.toolCallId === undefined ? undefined : { toolCallId: ctx.toolCallId },
    );
  }
  const span = ctx.span;
  span?.addEvent(AGENT_CALL_EVENT, {
    'gen_ai.agent.name': settings.name,
    'aigo.agent.path': [...path, settings.name].join('/'),
    'aigo.agent.depth': path.length + 1,
  });
  const options: AgentRunOptions = {
    signal: ctx.signal,
    memory: settings.memory,
    context: ctx.context,
    agentPath: path,
    ...(span === undefined ? {} : { span }),
    ...(ctx.runId === undefined || ctx.toolCallId === undefined
      ? {}
      : { runId: `${ctx.runId}/${settings.name}/${ctx.toolCallId}` }),
  };
  try {
    const result =
      parent?.streams === true
        ? await streamed(agent, prompt, options, parent, settings.name, ctx.toolCallId ?? '')
        : await agent.execute(prompt, options);
    addSubRun(parent, settings.name, result.totalUsage, result.costSummary());
    span?.addEvent(AGENT_RETURN_EVENT, returnAttributes(settings.name, 'final_answer'));
    return result.data;
  } catch (error) {
    const overview = (error as { overview?: unknown } | null)?.overview as
      | { totalUsage?: Usage; costSummary?: () => CostSummary }
      | undefined;
    const usage = overview?.totalUsage ?? (error as { usage?: Usage } | null)?.usage;
    const cost = typeof overview?.costSummary === 'function' ? overview.costSummary() : undefined;
    addSubRun(parent, settings.name, usage, cost);
    const stopReason = AgentStoppedError.isInstance(error) ? error.stopReason : 'error';
    span?.addEvent(AGENT_RETURN_EVENT, returnAttributes(settings.name, stopReason));
    throw error;
  }
}

/** Streams the sub-run, handing each event to the parent (waiting when its consumer is behind). */
async function streamed(
  agent: Agent<unknown>,
  prompt: Prompt,
  options: AgentRunOptions,
  parent: ParentRun,
  name: string,
  toolCallId: string,
): Promise<AgentResult<unknown>> {
  const stream = agent.executeStream(prompt, options);
  for await (const event of stream) {
    const wait = parent.emit({ agent: name, toolCallId, event });
    if (wait !== undefined) await wait;
  }
  return stream.collect();
}

function addSubRun(
  parent: ParentRun | undefined,
  agent: string,
  usage: Usage | undefined,
  cost: CostSummary | undefined,
): void {
  parent?.addSubRun({ agent, usage, cost });
}

function returnAttributes(name: string, stopReason: string): Record<string, string> {
  return { 'gen_ai.agent.name': name, 'aigo.agent.stop_reason': stopReason };
}
