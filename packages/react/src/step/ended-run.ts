import { AgentStoppedError, type AigoError, type JsonValue, ParseError } from '@aigo/ai';
import type { Client, Overview } from '@aigo/client';
import { finishedOverview, type ReActOverview, stoppedOverview } from '../react-result.js';
import { replayPriorWork } from '../suspend/prior-work.js';
import type { RunStateBody } from '../suspend/suspended-state.js';

/** An overview of what a saved state's run did: its model calls, tool runs and run time. */
function replayedOverview(client: Client, state: RunStateBody): Overview {
  const overview = client.createOverview();
  replayPriorWork(overview, state.calls, state.tools);
  if (state.computeMs !== undefined) overview.addPriorDuration(state.computeMs);
  overview.end();
  return overview;
}

/** The result of a state that ended with a final answer (stepped again: nothing runs). */
export function endedResult<T>(client: Client, state: RunStateBody): ReActOverview<T> {
  return finishedOverview(
    replayedOverview(client, state),
    state.final?.data as T,
    state.iteration,
    state.state ?? {},
  );
}

/** The error of a state that stopped (stepped again: nothing runs). */
export function endedError(client: Client, state: RunStateBody): AigoError {
  const stopped = state.stopped as NonNullable<RunStateBody['stopped']>;
  const overview = stoppedOverview(
    replayedOverview(client, state),
    stopped.reason,
    state.iteration,
    state.state ?? {},
  );
  if (stopped.code === 'parse_error') {
    return new ParseError(stopped.message, { text: '', usage: overview.totalUsage });
  }
  return new AgentStoppedError(stopped.reason, stopped.message, overview);
}

/** How a stop is kept in the state: the stop reason, the error's code and message. */
export function stoppedPart(error: AigoError): NonNullable<RunStateBody['stopped']> {
  return {
    reason: AgentStoppedError.isInstance(error) ? error.stopReason : 'error',
    code: error.code,
    message: error.message,
  };
}

/** The final answer's data as JSON (what the state keeps; `null` when it is not JSON). */
export function answerJson(data: unknown): JsonValue {
  try {
    return JSON.parse(JSON.stringify(data ?? null)) as JsonValue;
  } catch {
    return null;
  }
}
