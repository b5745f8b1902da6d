import { AigoError, type AigoErrorCode } from '@aigo/ai';

/** What an `A2AError` is built from. */
export interface A2AErrorOptions {
  /** The aigo error code: `connection_error`, `invalid_response`, `not_found`, `authentication`, … */
  readonly code: AigoErrorCode;
  readonly message: string;
  /** The agent's base URL (or the card's name when the card was given), for the reader. */
  readonly agent: string;
  /** HTTP status, when the agent answered with one. */
  readonly status?: number;
  /** The A2A (JSON-RPC) error code, when the agent answered with a protocol error. */
  readonly a2aCode?: number;
  readonly cause?: unknown;
}

/**
 * A remote A2A agent could not be used: unreachable, an agent card that is not one, a protocol error.
 * `code` is an aigo error code; `agent` names the agent; `status` and `a2aCode` say what it answered.
 * A failed or rejected remote task is not an error: the tool returns an envelope the model reads.
 */
export class A2AError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/a2a/A2AError');
  readonly agent: string;
  readonly status: number | undefined;
  readonly a2aCode: number | undefined;

  constructor(options: A2AErrorOptions) {
    super(options.code, options.message, { cause: options.cause });
    this.agent = options.agent;
    this.status = options.status;
    this.a2aCode = options.a2aCode;
  }
}
