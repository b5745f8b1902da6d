import type { JsonObject } from '../json.js';

/**
 * The A2A request a run answers, when an agent is served over A2A (`serveA2A` of `@aigo/a2a`): what
 * the caller's message said of itself, and who the caller is. Tools read it as `ctx.a2a`.
 */
export interface A2ARequest {
  /** The id the caller gave its message. */
  readonly messageId: string;
  /** The conversation (A2A context) the message belongs to. */
  readonly contextId: string;
  /** The task the run works on; for a run answered with a message, the id its task would have had. */
  readonly taskId: string;
  /** Tasks the caller's message refers to. */
  readonly referenceTaskIds: readonly string[];
  /** The message's metadata, as the caller sent it. */
  readonly metadata: JsonObject | undefined;
  /** Who the caller is, as the server's `authorize` said; `undefined` when it did not say. */
  readonly principal: string | undefined;
}
