/**
 * `@aigo/client` — conversations with memory, tool execution, structured output, middleware (retry,
 * timeout, logging, observability), cost and overview, over any aigo provider.
 *
 * @packageDocumentation
 */

export { type Client, createClient } from './client/client.js';
export type {
  ClientOptions,
  ContinueOptions,
  ExecuteToolCallsOptions,
  GenerationOptions,
  MessageOptions,
  OutputSchema,
  Prompt,
} from './client/client-options.js';
export {
  CONFLICT_POLICIES,
  type ConflictPolicy,
  DEFAULT_MAX_CONFLICT_RETRIES,
} from './client/conflict-policy.js';
export {
  TOOL_COST_STRATEGIES,
  type ToolCostStrategy,
  toolsPromptSection,
} from './client/enrich-system-prompt.js';
export { CLIENT_ENV } from './client/env-defaults.js';
export {
  MISSING_TOOL_RESULT_CODE,
  repairDanglingToolCalls,
  type ToolCallRepair,
} from './client/repair-dangling-tool-calls.js';
export * from './context/index.js';
export * from './cost/index.js';
export type {
  ClientGuardrailContext,
  ClientGuardrails,
  ClientInputGuardrail,
  ClientInputValue,
  ClientOutputGuardrail,
  ClientOutputValue,
  GuardrailCallOptions,
  GuardrailModelClient,
} from './guardrails/client-guardrails.js';
export {
  type InMemoryMemory,
  type InMemoryMemoryOptions,
  inMemoryMemory,
} from './memory/in-memory-memory.js';
export {
  type InMemoryConversationMemory,
  type InMemoryMemoryStore,
  inMemoryMemoryStore,
} from './memory/in-memory-memory-store.js';
export {
  MEMORY_SNAPSHOT_FORMAT,
  MEMORY_SNAPSHOT_VERSION,
  type MemorySnapshot,
} from './memory/memory-snapshot.js';
export * from './middleware/index.js';
export * from './overview/index.js';
export { extractJsonCandidates } from './parse/extract-json-candidates.js';
export { type ParseStringOptions, parseStringAs } from './parse/parse-string-as.js';
export { checkProviderResponse } from './provider/check-provider-response.js';
export { checkStreamEvent } from './provider/check-stream-event.js';
export {
  InvalidProviderResponseError,
  type InvalidProviderResponseErrorOptions,
} from './provider/invalid-provider-response-error.js';
export {
  type InMemoryRunStore,
  type InMemoryRunStoreOptions,
  inMemoryRunStore,
} from './runs/in-memory-run-store.js';
export {
  createSessionRunner,
  type SessionCallOptions,
  type SessionOutcome,
  type SessionRunner,
  type SessionRunnerOptions,
} from './runs/session-runner.js';
export {
  createPartialJsonParser,
  type PartialAnswerParser,
  type PartialJsonParserOptions,
} from './structured/partial/partial-answer-parser.js';
export {
  createStructuredClient,
  type StructuredClient,
  type StructuredClientOptions,
  type StructuredContinueOptions,
  type StructuredMessageOptions,
  type StructuredOutputMode,
  type StructuredResponse,
  type StructuredStreamContinueOptions,
  type StructuredStreamOptions,
} from './structured/structured-client.js';
export { structuredOutputInstructions } from './structured/structured-output-instructions.js';
export type {
  ArrayProperty,
  StreamElement,
  StructuredStream,
} from './structured/structured-stream.js';
export { DEFAULT_TOOL_CONCURRENCY } from './tools/execute-tool-calls.js';
export { createToolCatalog, type ToolCatalog } from './tools/tool-catalog.js';
export type {
  ToolCallInfo,
  ToolCallOutcome,
  ToolHooks,
  ToolProgressInfo,
} from './tools/tool-hooks.js';
export { toolMessageResult } from './tools/tool-message.js';
