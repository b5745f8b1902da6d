import { ValidationError } from '@aigo/ai';
import type {
  AuthorizeTool,
  Guardrail,
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
  const input = checkList<InputGuardrail>(given.input, 'input', ['mode'], (guardrail, at) => {
    const mode = guardrail.mode;
    if (mode !== undefined && mode !== 'before' && mode !== 'parallel') {
      throw new ValidationError(`${at}.mode`, "must be 'before' or 'parallel'");
    }
  });
  const output = checkList<OutputGuardrail>(given.output, 'output', ['onTrip'], (guardrail, at) => {
    const onTrip = guardrail.onTrip;
    if (onTrip !== undefined && onTrip !== 'stop' && onTrip !== 'retry') {
      throw new ValidationError(`${at}.onTrip`, "must be 'stop' or 'retry'");
    }
  });
  const tool = checkList<ToolGuardrail>(given.tool, 'tool', [], () => undefined);
  return Object.freeze({
    inputBefore: Object.freeze(input.filter((guardrail) => guardrail.mode !== 'parallel')),
    inputParallel: Object.freeze(input.filter((guardrail) => guardrail.mode === 'parallel')),
    output,
    tool,
    authorizeTool: authorizeTool as AuthorizeTool | undefined,
    approverRoles: roles,
  });
}

function checkList<G extends Guardrail<never>>(
  value: unknown,
  kind: string,
  extraKeys: readonly string[],
  checkExtra: (guardrail: G, at: string) => void,
): readonly G[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value)) {
    throw new ValidationError(`guardrails.${kind}`, 'must be an array of guardrails');
  }
  const names = new Set<string>();
  return Object.freeze(
    value.map((guardrail: unknown, index) => {
      const at = `guardrails.${kind}[${index}]`;
      if (guardrail === null || typeof guardrail !== 'object') {
        throw new ValidationError(at, 'must be a guardrail { name, check }');
      }
      const { name, check } = guardrail as { name?: unknown; check?: unknown };
      if (typeof name !== 'string' || name.trim() === '') {
        throw new ValidationError(`${at}.name`, 'must be a non-empty string');
      }
      if (names.has(name)) throw new ValidationError(`${at}.name`, `repeats "${name}"`);
      names.add(name);
      if (typeof check !== 'function')
        throw new ValidationError(`${at}.check`, 'must be a function');
      for (const key of Object.keys(guardrail)) {
        if (key !== 'name' && key !== 'check' && !extraKeys.includes(key)) {
          throw new ValidationError(`${at}.${key}`, 'is not part of a guardrail');
        }
      }
      checkExtra(guardrail as G, at);
      return guardrail as G;
    }),
  );
}
