import { checkGuardrailList, ValidationError } from '@aigo/ai';
import type {
  AuthorizeTool,
  InputGuardrail,
  OutputGuardrail,
  ReActGuardrails,
  ToolGuardrail,
} from './guardrail-types.js';

/**
 * An agent's guardrails and authorizer, checked: `undefined` when it has none, so a run without them
 * pays nothing.
 */
export interface GuardSettings {
  /** Input guardrails the model call waits for. */
  readonly inputBefore: readonly InputGuardrail[];
  /** Input guardrails that run beside the first model call. */
  readonly inputParallel: readonly InputGuardrail[];
  readonly output: readonly OutputGuardrail[];
  readonly tool: readonly ToolGuardrail[];
  readonly authorizeTool: AuthorizeTool | undefined;
  /** Roles whose principal may resume (or step) a run saved for another principal. */
  readonly approverRoles: readonly string[];
}

const GUARDRAIL_KINDS = ['input', 'output', 'tool'] as const;

/**
 * Checks `guardrails`, `authorizeTool` and `approverRoles` of `createReAct`.
 *
 * @throws ValidationError naming the bad part (`guardrails.input[0].check`, `authorizeTool`…).
 */
export function checkGuards(
  guardrails: unknown,
  authorizeTool: unknown,
  approverRoles: unknown,
): GuardSettings | undefined {
  if (authorizeTool !== undefined && typeof authorizeTool !== 'function') {
    throw new ValidationError('authorizeTool', 'must be a function');
  }
  if (
    approverRoles !== undefined &&
    (!Array.isArray(approverRoles) ||
      approverRoles.some((role) => typeof role !== 'string' || role === ''))
  ) {
    throw new ValidationError('approverRoles', 'must be an array of non-empty role names');
  }
  const roles = Object.freeze([...((approverRoles as string[] | undefined) ?? [])]);
  if (guardrails === undefined) {
    if (authorizeTool === undefined && roles.length === 0) return undefined;
    return Object.freeze({
      inputBefore: [],
      inputParallel: [],
      output: [],
      tool: [],
      authorizeTool: authorizeTool as AuthorizeTool | undefined,
      approverRoles: roles,
    });
  }
  if (guardrails === null || typeof guardrails !== 'object' || Array.isArray(guardrails)) {
    throw new ValidationError('guardrails', 'must be an object { input?, output?, tool? }');
  }
  const given = guardrails as ReActGuardrails;
  for (const key of Object.keys(given)) {
    if (!(GUARDRAIL_KINDS as readonly string[]).includes(key)) {
      throw new ValidationError(`guardrails.${key}`, 'is not input, output or tool');
    }
  }
  const input = checkGuardrailList<InputGuardrail>(given.input, 'guardrails.input', ['mode']);
  input.forEach(({ mode }, index) => {
    if (mode !== undefined && mode !== 'before' && mode !== 'parallel') {
      throw new ValidationError(
        `guardrails.input[${index}].mode`,
        "must be 'before' or 'parallel'",
      );
    }
  });
  const output = checkGuardrailList<OutputGuardrail>(given.output, 'guardrails.output', ['onTrip']);
  output.forEach(({ onTrip }, index) => {
    if (onTrip !== undefined && onTrip !== 'stop' && onTrip !== 'retry') {
      throw new ValidationError(`guardrails.output[${index}].onTrip`, "must be 'stop' or 'retry'");
    }
  });
  const tool = checkGuardrailList<ToolGuardrail>(given.tool, 'guardrails.tool');
  return Object.freeze({
    inputBefore: Object.freeze(input.filter((guardrail) => guardrail.mode !== 'parallel')),
    inputParallel: Object.freeze(input.filter((guardrail) => guardrail.mode === 'parallel')),
    output,
    tool,
    authorizeTool: authorizeTool as AuthorizeTool | undefined,
    approverRoles: roles,
  });
}
