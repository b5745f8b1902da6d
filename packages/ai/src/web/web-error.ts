import { AigoError } from '../errors/aigo-error.js';
import type { AigoErrorCode } from '../errors/error-code.js';
import { AgentStoppedError, type AgentStopReason } from '../errors/higher-layer-errors.js';
import type { GuardrailTrip } from '../guardrails/guardrail-result.js';

/** Chooses the message an `error` event tells the client; the default tells nothing internal. */
export type ErrorMessage = (error: AigoError) => string;

/**
 * The data of an SSE `error` event: the error's `code` (`rate_limited`, `agent_stopped`, …), a message
 * for the client, the agent's `stopReason` when an agent stopped, and its `iteration`.
 */
export interface SSEErrorData {
  readonly type: 'error';
  readonly code: AigoErrorCode;
  readonly message: string;
  readonly stopReason?: AgentStopReason;
  /** The guardrail that stopped the run (`stopReason: 'guardrail'`): name, kind, reason, info. */
  readonly guardrail?: GuardrailTrip;
  readonly iteration?: number;
}

/** The default `errorMessage` of a model stream. */
export const CHAT_ERROR_MESSAGE = 'The model call failed.';

/** The default `errorMessage` of an agent stream. */
export const AGENT_ERROR_MESSAGE = 'The agent run failed.';

/**
 * What an `error` event carries: never the error itself (its `partial`, `cause` and an agent's
 * overview stay on the server), only its code and the message `errorMessage` chose.
 */
export function sseErrorData(
  error: AigoError,
  message: string,
  iteration: number | undefined,
): SSEErrorData {
  const stopped = AgentStoppedError.isInstance(error) ? error : undefined;
  const stopReason = stopped?.stopReason;
  const guardrail = stopped?.guardrail;
  return {
    type: 'error',
    code: error.code,
    message,
    ...(stopReason === undefined ? {} : { stopReason }),
    ...(guardrail === undefined ? {} : { guardrail }),
    ...(iteration === undefined ? {} : { iteration }),
  };
}

/**
 * `error` as an `AigoError`: an aigo error as it is, anything else (a failing agent implementation, an
 * event that cannot be serialised) as a `stream_error` with it as `cause`.
 */
export function toStreamError(error: unknown): AigoError {
  if (AigoError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new AigoError('stream_error', `The stream failed: ${detail}`, { cause: error });
}
