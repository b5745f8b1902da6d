/**
 * `@aigo/react` — the type-safe ReAct (reasoning + acting) agent for aigo: a loop of model calls and
 * tool runs over an `@aigo/client` client, ending with a typed final answer; streamed or not. Not
 * React UI bindings.
 *
 * @packageDocumentation
 */

export { agentTool } from './agent-tool/agent-tool.js';
export {
  type AgentToolInput,
  type AgentToolOptions,
  DEFAULT_AGENT_TOOL_MAX_DEPTH,
} from './agent-tool/agent-tool-options.js';
export type {
  ApprovalCall,
  ApprovalPolicy,
  ApprovalRule,
  ApprovalVerdict,
} from './approval/approval-policy.js';
export { REDACTED } from './approval/redact-arguments.js';
export { createReAct } from './create-react.js';
export { TOOL_DENIED } from './guardrails/authorize-call.js';
export type {
  AuthorizeTool,
  Guardrail,
  GuardrailContext,
  InputGuardrail,
  InputGuardrailValue,
  OutputGuardrail,
  OutputGuardrailValue,
  ReActGuardrails,
  ToolAuthorizationCall,
  ToolAuthorizationContext,
  ToolAuthorizationDecision,
  ToolGuardrail,
  ToolGuardrailValue,
} from './guardrails/guardrail-types.js';
export { GUARDRAIL_TRIPPED } from './guardrails/run-guards.js';
export type { ReAct } from './react-agent.js';
export { jsonOnlyRequest, reactInstructions } from './react-instructions.js';
export type {
  FinalAnswer,
  IterationSettings,
  IterationStep,
  ReActData,
  ReActOptions,
  ReActRunOptions,
  StructuredOutputMode,
} from './react-options.js';
export type { ReActOverview, ReActStoppedOverview } from './react-result.js';
export { ReActStream, type StreamRun } from './react-stream.js';
export { createSteeringQueue, type SteeringQueue } from './steering/steering-queue.js';
export type {
  ReActRunState,
  ReActStartOptions,
  ReActStepOptions,
  ReActStepOutcome,
  ReActStepResult,
} from './step/step-types.js';
export { TOOL_REFUSED } from './suspend/resume-turn.js';
export { SUSPENDED_STATE_VERSION } from './suspend/suspended-state.js';
export * from './task-memory/index.js';
