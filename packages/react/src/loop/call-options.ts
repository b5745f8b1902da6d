import type { JsonObject, Steer } from '@aigo/ai';
import type { ContinueOptions, ExecuteToolCallsOptions, ToolHooks } from '@aigo/client';
import type { AgentSettings, RunInput, RunParts } from './agent-settings.js';
import { parentRun } from './parent-run.js';

/** What every model call of a run shares: memory, overview, signal, span, system prompt. */
export function callBase(
  settings: AgentSettings,
  input: RunInput,
  parts: RunParts,
): ContinueOptions {
  const { signal } = input;
  const { memory, overview, span } = parts;
  return {
    memory,
    overview,
    // An iteration is never re-run on a conversation conflict, whatever the client's onConflict:
    // its tools may have run and its tokens been streamed; the run stops with the error instead.
    onConflict: 'fail',
    ...(signal === undefined ? {} : { signal }),
    ...(span === undefined ? {} : { span }),
    ...(settings.systemPrompt === undefined
      ? {}
      : { ephemeralSystemPrompt: settings.systemPrompt }),
  };
}

/**
 * What every tool execution of a run shares: overview, concurrency, signal, span, context, run id,
 * principal, the run's state and steer (`ctx.state`, `ctx.steer`) and the hooks (the agent's, with
 * its tool guardrails around them). A streamed run also
 * turns each progress report into a `tool_progress` event of the iteration running the tools.
 */
export function toolBase(
  settings: AgentSettings,
  input: RunInput,
  parts: RunParts,
  iteration: () => number,
  scope: { readonly state: JsonObject; readonly steer: Steer; readonly hooks: ToolHooks },
): ExecuteToolCallsOptions {
  const { signal, context, sink, runId, a2a, principal } = input;
  const { overview, span } = parts;
  const { beforeToolCall, afterToolCall, onToolProgress } = scope.hooks;
  const progress: ToolHooks['onToolProgress'] =
    sink === undefined
      ? onToolProgress
      : (info) => {
          sink.post({
            type: 'tool_progress',
            iteration: iteration(),
            toolCall: info.toolCall,
            progress: info.progress,
          });
          onToolProgress?.(info);
        };
  return {
    overview,
    concurrency: settings.toolConcurrency,
    runId,
    ...(principal === undefined ? {} : { principal }),
    state: scope.state,
    steer: scope.steer,
    parentRun: parentRun(settings.name, input, overview, iteration),
    ...(signal === undefined ? {} : { signal }),
    ...(span === undefined ? {} : { span }),
    ...(context === undefined ? {} : { context }),
    ...(a2a === undefined ? {} : { a2a }),
    ...(beforeToolCall === undefined ? {} : { beforeToolCall }),
    ...(afterToolCall === undefined ? {} : { afterToolCall }),
    ...(progress === undefined ? {} : { onToolProgress: progress }),
  };
}
