import { AigoError, type Tool, type ToolCall, ValidationError } from '@aigo/ai';
import type {
  ApprovalCall,
  ApprovalPolicy,
  ApprovalRule,
  ApprovalVerdict,
} from './approval-policy.js';
import { checkRule } from './check-approval-policy.js';
import { readArguments } from './tool-arguments.js';

const ASK: ApprovalRule = Object.freeze({});

/** What the run knows about a call when it decides whether the call needs a decision. */
export interface CallSite {
  readonly context: unknown;
  readonly runId: string;
  readonly iteration: number;
}

/**
 * Whether `toolCall` needs a person's decision: the rule to ask with, or `undefined` to run it
 * without one. A call of an unknown tool, or whose arguments the tool refuses, needs none: it fails
 * without running. The policy speaks first; where it does not, the tool's `needsApproval`.
 */
export async function decideApproval(
  policy: ApprovalPolicy | undefined,
  tool: Tool | undefined,
  toolCall: ToolCall,
  site: CallSite,
): Promise<{ readonly rule: ApprovalRule; readonly call: ApprovalCall } | undefined> {
  if (tool === undefined || policy === 'none') return undefined;
  // The common case costs nothing: no policy, and a tool that never asks.
  if (policy === undefined && !declaresApproval(tool)) return undefined;
  const parsed = await readArguments(tool, toolCall.function.arguments);
  if (!parsed.ok) return undefined;
  const call: ApprovalCall = {
    name: tool.name,
    arguments: parsed.value,
    toolCall,
    context: site.context,
    runId: site.runId,
    iteration: site.iteration,
  };
  const verdict = await policyVerdict(policy, call);
  const rule = verdict === undefined ? await toolVerdict(tool, parsed.value) : asRule(verdict);
  return rule === undefined ? undefined : { rule, call };
}

async function policyVerdict(
  policy: ApprovalPolicy | undefined,
  call: ApprovalCall,
): Promise<ApprovalVerdict> {
  if (policy === undefined) return undefined;
  if (policy === 'all') return true;
  if (policy === 'none') return false;
  if (typeof policy === 'function') {
    const verdict = await policy(call);
    if (verdict === undefined || typeof verdict === 'boolean') return verdict;
    return checkRule(verdict, 'approval (the rule returned)');
  }
  if (isNameList(policy)) return policy.includes(call.name) ? true : undefined;
  if ('allow' in policy) return policy.allow.includes(call.name) ? false : (policy.rule ?? true);
  if ('rules' in policy) {
    const rule = Object.hasOwn(policy.rules, call.name) ? policy.rules[call.name] : undefined;
    return rule ?? policy.default;
  }
  return undefined;
}

async function toolVerdict(tool: Tool, input: unknown): Promise<ApprovalRule | undefined> {
  const needs = (tool as { readonly needsApproval?: unknown }).needsApproval;
  if (needs === undefined || needs === false) return undefined;
  if (needs === true) return ASK;
  if (typeof needs !== 'function') {
    throw new ValidationError(
      'needsApproval',
      `of tool "${tool.name}" must be a boolean or a function`,
    );
  }
  try {
    return (await (needs as (input: unknown) => unknown)(input)) === true ? ASK : undefined;
  } catch (error) {
    if (AigoError.isInstance(error)) throw error;
    throw new AigoError(
      'tool_error',
      `needsApproval of tool "${tool.name}" threw: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
}

function isNameList(policy: unknown): policy is readonly string[] {
  return Array.isArray(policy);
}

function declaresApproval(tool: Tool): boolean {
  const needs = (tool as { readonly needsApproval?: unknown }).needsApproval;
  return needs !== undefined && needs !== false;
}

function asRule(verdict: Exclude<ApprovalVerdict, undefined>): ApprovalRule | undefined {
  if (verdict === false) return undefined;
  return verdict === true ? ASK : verdict;
}

/** The text shown with a request: the rule's, else `Run tool "name"?`. */
export function approvalMessage(rule: ApprovalRule, call: ApprovalCall): string {
  const message = rule.message;
  if (typeof message === 'string') return message;
  if (typeof message === 'function') {
    const text = message(call);
    if (typeof text !== 'string') {
      throw new ValidationError('approval', `the message of tool "${call.name}" must be a string`);
    }
    return text;
  }
  return `Run tool "${call.name}"?`;
}
