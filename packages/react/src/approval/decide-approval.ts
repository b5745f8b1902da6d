import { AigoError, type Principal, type Tool, type ToolCall, ValidationError } from '@aigo/ai';
import type { Authorizer } from '../guardrails/authorize-call.js';
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
  readonly principal: Principal | undefined;
  /** `authorizeTool`, asked first about every call when the agent has one. */
  readonly authorize: Authorizer | undefined;
}

/** A call `authorizeTool` denied: it does not run, the model reads `reason`. */
export interface DeniedCall {
  readonly denied: string;
}

/**
 * Whether `toolCall` needs a person's decision: the rule to ask with, `{ denied }` when
 * `authorizeTool` denied it, or `undefined` to run it without one. A call of an unknown tool, or
 * whose arguments the tool refuses, needs none: it fails without running. `authorizeTool` speaks
 * first (`allow`: no decision; `approve`: a decision, with the policy's rule when it gives one); then
 * the policy; where it does not speak, the tool's `needsApproval`.
 */
export async function decideApproval(
  policy: ApprovalPolicy | undefined,
  tool: Tool | undefined,
  toolCall: ToolCall,
  site: CallSite,
): Promise<{ readonly rule: ApprovalRule; readonly call: ApprovalCall } | DeniedCall | undefined> {
  if (tool === undefined) return undefined;
  const authorize = site.authorize;
  if (authorize === undefined) {
    if (policy === 'none') return undefined;
    // The common case costs nothing: no policy, and a tool that never asks.
    if (policy === undefined && !declaresApproval(tool)) return undefined;
  }
  const parsed = await readArguments(tool, toolCall.function.arguments);
  if (!parsed.ok) return undefined;
  const call: ApprovalCall = {
    name: tool.name,
    arguments: parsed.value,
    toolCall,
    context: site.context,
    runId: site.runId,
    iteration: site.iteration,
    principal: site.principal,
  };
  if (authorize !== undefined) {
    const decided = await authorize(
      { name: tool.name, arguments: parsed.value, toolCall },
      site.iteration,
    );
    if (decided.kind === 'allow') return undefined;
    if (decided.kind === 'deny') return { denied: decided.reason };
    const verdict = policy === 'none' ? undefined : await policyVerdict(policy, call);
    const rule = verdict === undefined || typeof verdict === 'boolean' ? ASK : verdict;
    return { rule, call };
  }
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
