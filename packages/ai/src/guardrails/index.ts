export { checkGuardrailList } from './check-guardrail-list.js';
export { guardrailFailure, readGuardrailResult } from './check-guardrail-result.js';
export { GuardrailError, GuardrailTrippedError, guardrailMessage } from './guardrail-errors.js';
export type { GuardrailKind, GuardrailResult, GuardrailTrip } from './guardrail-result.js';
export { checkPrincipal, type Principal, principalAttributes, samePrincipal } from './principal.js';
