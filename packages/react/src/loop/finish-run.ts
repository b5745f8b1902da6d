import { AgentStoppedError, type AigoError } from '@aigo/ai';
import type { RunInput } from './agent-settings.js';
import type { OpenRun } from './open-run.js';

/**
 * A run (or a step) that stopped: releases its steering queue (kept open by a suspension), ends its
 * span (`ok` for a suspension), emits the last event of a streamed run — `interaction_requested`
 * for a suspension, else `error` — and returns the error the run rejects with.
 */
export async function finishRun(run: OpenRun, input: RunInput, error: unknown): Promise<AigoError> {
  const { loop, overview, agentSpan } = run;
  const failure = loop.failure(error);
  const sink = input.sink;
  if (AgentStoppedError.isInstance(failure) && failure.suspended !== undefined) {
    loop.release(false);
    agentSpan?.suspend(overview, loop.iteration, failure.suspended);
    const wait = sink?.emit({
      type: 'interaction_requested',
      iteration: loop.iteration,
      requests: failure.suspended.requests,
      suspended: failure.suspended,
    });
    if (wait !== undefined) await wait;
    return failure;
  }
  loop.release(true);
  agentSpan?.finish(
    overview,
    AgentStoppedError.isInstance(failure) ? failure.stopReason : 'error',
    loop.iteration,
    failure,
  );
  if (sink !== undefined) {
    const wait = sink.emit({ type: 'error', iteration: loop.iteration, error: failure });
    if (wait !== undefined) await wait;
  }
  return failure;
}
