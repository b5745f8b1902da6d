import type { InteractionRequest, ToolCall } from '@aigo/ai';
import type { ToolCatalog } from '@aigo/client';
import type { DeniedDecision, PendingDecision } from '../suspend/suspended-state.js';
import type { ApprovalPolicy } from './approval-policy.js';
import { approvalMessage, type CallSite, decideApproval } from './decide-approval.js';
import { redactArguments } from './redact-arguments.js';

/** The decisions a reply waits for: what to ask, and where each answer goes. */
export interface PendingApprovals {
  readonly requests: readonly InteractionRequest[];
  readonly pending: readonly PendingDecision[];
  /** The calls `authorizeTool` denied, by index, with the reason. */
  readonly denied: readonly DeniedDecision[];
}

/**
 * Which calls of a reply need a decision under `policy` (and the tools' own `needsApproval`), as
 * requests with their arguments redacted per rule. Empty when the reply can run at once.
 */
export async function pendingApprovals(
  policy: ApprovalPolicy | undefined,
  tools: ToolCatalog,
  toolCalls: readonly ToolCall[],
  site: CallSite,
): Promise<PendingApprovals> {
  const requests: InteractionRequest[] = [];
  const pending: PendingDecision[] = [];
  const denied: DeniedDecision[] = [];
  const used = new Set<string>();
  for (let index = 0; index < toolCalls.length; index++) {
    const toolCall = toolCalls[index] as ToolCall;
    const decided = await decideApproval(policy, tools.get(toolCall.function.name), toolCall, site);
    if (decided === undefined) continue;
    if ('denied' in decided) {
      denied.push({ index, reason: decided.denied });
      continue;
    }
    let id = toolCall.id === '' ? `call-${index}` : toolCall.id;
    if (used.has(id)) id = `${id}-${index}`;
    used.add(id);
    const redact = decided.rule.redact;
    requests.push({
      id,
      type: 'tool_approval',
      toolCall: {
        id: toolCall.id,
        name: toolCall.function.name,
        arguments: redactArguments(toolCall.function.arguments, redact),
      },
      message: approvalMessage(decided.rule, decided.call),
    });
    pending.push({
      requestId: id,
      index,
      ...(redact === undefined || redact.length === 0 ? {} : { redact: [...redact] }),
    });
  }
  return { requests, pending, denied };
}

/** True when some tool of the catalog declares `needsApproval`. */
export function toolsAsk(tools: ToolCatalog): boolean {
  return tools.tools.some((tool) => {
    const needs = (tool as { readonly needsApproval?: unknown }).needsApproval;
    return needs !== undefined && needs !== false;
  });
}
