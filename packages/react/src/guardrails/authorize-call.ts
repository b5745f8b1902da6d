import {
  type Message,
  type ToolCall,
  toolErrorEnvelope,
  toolMessage,
  ValidationError,
} from '@aigo/ai';
import type {
  AuthorizeTool,
  ToolAuthorizationCall,
  ToolAuthorizationContext,
} from './guardrail-types.js';

/** The code of the tool result of a call `authorizeTool` denied. */
export const TOOL_DENIED = 'tool_denied';

/** `authorizeTool`'s decision, checked. */
export type Authorization =
  | { readonly kind: 'allow' }
  | { readonly kind: 'approve' }
  | { readonly kind: 'deny'; readonly reason: string };

/** Asks the authorizer about one call (at `iteration`), as the approval gate does for each call. */
export type Authorizer = (call: ToolAuthorizationCall, iteration: number) => Promise<Authorization>;

const ALLOW: Authorization = Object.freeze({ kind: 'allow' });
const APPROVE: Authorization = Object.freeze({ kind: 'approve' });

/**
 * Runs `authorizeTool` on a call and checks its answer.
 *
 * @throws ValidationError naming `authorizeTool` when the answer is not a decision.
 */
export async function authorizeCall(
  authorize: AuthorizeTool,
  call: ToolAuthorizationCall,
  ctx: ToolAuthorizationContext,
): Promise<Authorization> {
  const decision: unknown = await authorize(call, ctx);
  if (decision === 'allow') return ALLOW;
  if (decision === 'approve') return APPROVE;
  if (decision === 'deny') return { kind: 'deny', reason: `Not allowed to call ${call.name}` };
  if (
    decision !== null &&
    typeof decision === 'object' &&
    (decision as { decision?: unknown }).decision === 'deny'
  ) {
    const reason = (decision as { reason?: unknown }).reason;
    if (typeof reason !== 'string' || reason === '') {
      throw new ValidationError(
        'authorizeTool',
        `denied tool "${call.name}" without a reason: { decision: 'deny', reason } needs a non-empty string`,
      );
    }
    return { kind: 'deny', reason };
  }
  throw new ValidationError(
    'authorizeTool',
    `returned ${JSON.stringify(decision) ?? String(decision)} for tool "${call.name}": must be 'allow', 'deny', 'approve' or { decision: 'deny', reason }`,
  );
}

/** The tool result the model reads for a denied call. */
export function deniedResult(toolCall: ToolCall, reason: string): Message {
  return toolMessage(
    toolCall.id,
    toolErrorEnvelope(TOOL_DENIED, `The call was denied: ${reason}. It did not run.`),
    toolCall.function.name,
  );
}
