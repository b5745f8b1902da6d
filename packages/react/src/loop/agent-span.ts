import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION,
  type Observer,
  type Principal,
  principalAttributes,
  type Span,
  type SuspendedRun,
} from '@aigo/ai';
import type { Overview } from '@aigo/client';

/** The `invoke_agent` span of one run. */
export interface AgentSpan {
  readonly span: Span;
  /** Records how the run ended and ends the span. */
  finish(overview: Overview, stopReason: string, iterations: number, error: unknown): void;
  /**
   * Ends the span of a run that suspended: status `ok` (a suspension is no failure), attribute
   * `aigo.react.suspended`, and an `aigo.interaction.requested` event with the requests (their
   * arguments as redacted for people).
   */
  suspend(overview: Overview, iterations: number, suspended: SuspendedRun): void;
}

/**
 * Starts the run's `invoke_agent {name}` span (when the client has an observer), under `parent`.
 * The model calls and tool executions of the run nest under it. An observer that throws never
 * breaks a run.
 */
export function startAgentSpan(
  observer: Observer | undefined,
  settings: { readonly name: string; readonly maxIterations: number },
  parent: Span | undefined,
  principal?: Principal,
): AgentSpan | undefined {
  if (observer === undefined) return undefined;
  let span: Span;
  try {
    span = observer.startSpan(`${GEN_AI_OPERATION.invokeAgent} ${settings.name}`, {
      kind: 'internal',
      attributes: {
        [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION.invokeAgent,
        [ATTR_GEN_AI_AGENT_NAME]: settings.name,
        'aigo.react.max_iterations': settings.maxIterations,
        // Who the run acts for (`enduser.id`, OpenTelemetry's attribute; an id, not content).
        ...principalAttributes(principal),
      },
      ...(parent === undefined ? {} : { parent }),
    });
  } catch {
    return undefined;
  }
  const agentSpan: AgentSpan = {
    span,
    suspend(overview, iterations, suspended) {
      try {
        const requests = suspended.requests;
        span.addEvent('aigo.interaction.requested', {
          'aigo.run.id': suspended.runId,
          'aigo.interaction.request_ids': requests.map((request) => request.id),
          'aigo.interaction.tools': requests.map((request) => request.toolCall.name),
          'aigo.interaction.arguments': requests.map((request) => request.toolCall.arguments),
        });
        span.setAttributes({
          'aigo.react.suspended': true,
          'aigo.interaction.pending': requests.length,
        });
      } catch {
        // Observers never break a run.
      }
      agentSpan.finish(overview, 'suspended', iterations, undefined);
    },
    finish(overview, stopReason, iterations, error) {
      try {
        const usage = overview.totalUsage;
        span.setAttributes({
          'aigo.react.iterations': iterations,
          'aigo.react.stop_reason': stopReason,
          [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: usage.promptTokens,
          [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: usage.completionTokens,
        });
        if (error === undefined) {
          span.setStatus('ok');
        } else {
          span.setAttributes({
            [ATTR_ERROR_TYPE]: error instanceof Error ? error.name : typeof error,
          });
          span.recordError(error);
          span.setStatus('error', error instanceof Error ? error.message : String(error));
        }
      } catch {
        // Observers never break a run.
      }
      try {
        span.end();
      } catch {
        // Observers never break a run.
      }
    },
  };
  return agentSpan;
}

/**
 * Adds the `aigo.interaction.resumed` event to a resumed run's span: how many of its requests were
 * approved and refused.
 */
export function recordResumed(
  span: Span | undefined,
  runId: string,
  requests: number,
  refused: number,
): void {
  try {
    span?.addEvent('aigo.interaction.resumed', {
      'aigo.run.id': runId,
      'aigo.interaction.approved': requests - refused,
      'aigo.interaction.refused': refused,
    });
  } catch {
    // Observers never break a run.
  }
}
