import { ValidationError } from '@aigo/ai';
import type { ApprovalPolicy, ApprovalRule } from './approval-policy.js';

/** @throws ValidationError naming `approval` (or the part of it) that is not a policy. */
export function checkApprovalPolicy(value: unknown): ApprovalPolicy | undefined {
  if (value === undefined || value === 'all' || value === 'none') return value;
  if (typeof value === 'function') return value as ApprovalPolicy;
  if (Array.isArray(value)) {
    checkNames(value, 'approval');
    return Object.freeze([...value]) as readonly string[];
  }
  if (value === null || typeof value !== 'object') {
    throw new ValidationError(
      'approval',
      "must be 'all', 'none', a list of tool names, { allow }, { rules } or a function",
    );
  }
  const policy = value as Record<string, unknown>;
  if ('allow' in policy) {
    checkKeys(policy, ['allow', 'rule']);
    checkNames(policy.allow, 'approval.allow');
    if (policy.rule !== undefined) checkRule(policy.rule, 'approval.rule');
    return value as ApprovalPolicy;
  }
  if ('rules' in policy) {
    checkKeys(policy, ['rules', 'default']);
    const rules = policy.rules;
    if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) {
      throw new ValidationError('approval.rules', 'must be an object of rules by tool name');
    }
    for (const [name, rule] of Object.entries(rules)) {
      if (typeof rule !== 'boolean') checkRule(rule, `approval.rules.${name}`);
    }
    if (policy.default !== undefined && typeof policy.default !== 'boolean') {
      checkRule(policy.default, 'approval.default');
    }
    return value as ApprovalPolicy;
  }
  throw new ValidationError('approval', 'an object policy needs allow or rules');
}

function checkKeys(policy: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(policy)) {
    if (!allowed.includes(key)) {
      throw new ValidationError(`approval.${key}`, 'is not part of an approval policy');
    }
  }
}

function checkNames(value: unknown, argument: string): void {
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string' || name === '')) {
    throw new ValidationError(argument, 'must be an array of tool names');
  }
}

/** @throws ValidationError naming `argument` unless `value` is an `ApprovalRule`. */
export function checkRule(value: unknown, argument: string): ApprovalRule {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(argument, 'must be true, false or a rule { message?, redact? }');
  }
  const rule = value as Record<string, unknown>;
  for (const key of Object.keys(rule)) {
    if (key !== 'message' && key !== 'redact') {
      throw new ValidationError(`${argument}.${key}`, 'is not part of an approval rule');
    }
  }
  if (
    rule.message !== undefined &&
    typeof rule.message !== 'string' &&
    typeof rule.message !== 'function'
  ) {
    throw new ValidationError(`${argument}.message`, 'must be a string or a function');
  }
  if (rule.redact !== undefined) checkNames(rule.redact, `${argument}.redact`);
  return rule as ApprovalRule;
}
