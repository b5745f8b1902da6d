import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION,
  type Observer,
  type Span,
} from '@aigo/ai';
import type { Overview } from '@aigo/client';

/** The `invoke_agent` span of one run. */
export interface AgentSpan {
  readonly span: Span;
  /** Records how the run ended and ends the span. */
  finish(overview: Overview, stopReason: string, iterations: number, error: unknown): void;
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
      },
      ...(parent === undefined ? {} : { parent }),
    });
  } catch {
    return undefined;
  }
  return {
    span,
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
}
