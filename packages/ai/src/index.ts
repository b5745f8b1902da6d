/**
 * `@aigo/ai` — the contracts every aigo package connects through. No I/O, no runtime dependencies;
 * typebox is an optional peer, loaded only when a tool first validates its arguments. Standard
 * Schemas (Zod, Valibot, ArkType) are accepted wherever a schema is, through the spec's interfaces
 * alone.
 *
 * @packageDocumentation
 */

export { abortableDelay } from './abort/abortable-delay.js';
export { raceAbort } from './abort/race-abort.js';
export { throwIfAborted } from './abort/throw-if-aborted.js';
export type { A2ARequest } from './agent/a2a-request.js';
export type {
  Agent,
  AgentResult,
  AgentRunOptions,
  AgentStream,
} from './agent/agent.js';
export type {
  AgentContentEvent,
  AgentErrorEvent,
  AgentEvent,
  AgentEventType,
  AgentFinalAnswerEvent,
  AgentGuardrailTrippedEvent,
  AgentInteractionRequestedEvent,
  AgentInteractionResumedEvent,
  AgentIterationStartEvent,
  AgentNestedEvent,
  AgentPartialAnswerEvent,
  AgentReasoningEvent,
  AgentSteeringMessageEvent,
  AgentToolCallEvent,
  AgentToolDeniedEvent,
  AgentToolProgressEvent,
  AgentToolResultEvent,
} from './agent/agent-event.js';
export { agentEventPath } from './agent/agent-event.js';
export type { ParentRun, SubRunCost, SubRunEvent } from './agent/parent-run.js';
export type { Prompt } from './agent/prompt.js';
export { copyRunState, type Steer, type SteerResult } from './agent/run-state.js';
export {
  type InteractionRequest,
  type InteractionResponse,
  type InteractionResponses,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
} from './agent/suspended-run.js';
export type {
  ChatRequest,
  ReasoningOptions,
  ResponseFormat,
  ToolChoice,
} from './chat/chat-request.js';
export { type ChatResponse, isStopMessage } from './chat/chat-response.js';
export { estimatedParts } from './chat/estimated-parts.js';
export { FINISH_REASONS, type FinishReason } from './chat/finish-reason.js';
export {
  checkModelLimitsOption,
  type ModelLimitsOption,
  resolveModelLimits,
} from './chat/model-limits-option.js';
export {
  type CallOptions,
  isStreamProvider,
  type Provider,
  type StreamProvider,
} from './chat/provider.js';
export type {
  CountTokensOptions,
  EstimatedPart,
  TokenCount,
  TokenCountMethod,
} from './chat/token-count.js';
export { addUsage, type Usage } from './chat/usage.js';
export * from './cost/index.js';
export { checkEmbedderSettings, checkEmbedRequest } from './embeddings/check-embed-request.js';
export {
  type BatchedEmbeddings,
  type EmbeddingBatch,
  type EmbedInBatchesOptions,
  embedInBatches,
} from './embeddings/embed-in-batches.js';
export { toEmbedResult } from './embeddings/embed-result.js';
export { embeddingCost } from './embeddings/embedding-cost.js';
export type {
  EmbedderSettings,
  EmbeddingProvider,
  EmbeddingPurpose,
  EmbedRequest,
  EmbedResult,
} from './embeddings/embedding-provider.js';
export { readEmbeddingVector } from './embeddings/read-embedding-vector.js';
export { AigoError, type AigoErrorOptions } from './errors/aigo-error.js';
export {
  checkOptionKeys,
  closestName,
  type OptionKeysContext,
} from './errors/check-option-keys.js';
export {
  ContextOverflowError,
  type ContextOverflowErrorOptions,
  isContextOverflow,
  toContextOverflow,
} from './errors/context-overflow-error.js';
export {
  type ConversationConflictDetails,
  ConversationConflictError,
} from './errors/conversation-conflict-error.js';
export type { AigoErrorCode } from './errors/error-code.js';
export {
  AgentStoppedError,
  type AgentStopReason,
  MemoryError,
  ParseError,
  RetryExhaustedError,
  type SchemaIssue,
  ToolError,
} from './errors/higher-layer-errors.js';
export {
  AbortError,
  type InterruptionOptions,
  TimeoutError,
} from './errors/interruption-errors.js';
export { ProviderError, type ProviderErrorOptions } from './errors/provider-error.js';
export {
  RunConflictError,
  SuspendedRunError,
  type SuspendedRunProblem,
} from './errors/run-errors.js';
export { ValidationError } from './errors/validation-error.js';
export {
  checkGraphRunJob,
  checkGraphRunResponses,
  checkGraphRunWork,
  checkNewRun,
  checkResumeJob,
  checkRunId,
  checkWrite,
} from './graph/check-run-arguments.js';
export type {
  GraphCheckpointer,
  GraphRunClaim,
  GraphRunOutcome,
  NewGraphRun,
} from './graph/graph-checkpointer.js';
export {
  CheckpointError,
  GraphChangedError,
  GraphRunCancelledError,
  GraphRunNotFoundError,
  GraphRunNotSuspendedError,
  StaleFencingTokenError,
} from './graph/graph-errors.js';
export type {
  GraphRunHandler,
  GraphRunJob,
  GraphRunLease,
  GraphRunQueue,
  GraphRunQueueWorker,
  GraphRunWorkOptions,
} from './graph/graph-run-queue.js';
export {
  type CheckpointModelCall,
  type CheckpointNodeStatus,
  FINISHED_GRAPH_RUN_STATUSES,
  type GraphIdentity,
  type GraphRunRecord,
  type GraphRunResponses,
  type GraphRunStatus,
  type GraphRunStatusView,
  type NodeCheckpoint,
  type StoredError,
} from './graph/graph-run-record.js';
export * from './guardrails/index.js';
export type { JsonObject, JsonSchema, JsonValue, ProviderMetadata } from './json.js';
export * from './media/index.js';
export {
  type CheckedContextReadOptions,
  checkContextReadOptions,
  checkSaveSummary,
  checkSummary,
  DEFAULT_MAX_CONTEXT_MESSAGES,
} from './memory/check-context-options.js';
export {
  type CheckedMemoryWriteOptions,
  checkMemoryWriteOptions,
  MAX_TURN_ID_LENGTH,
} from './memory/check-write-options.js';
export type {
  ContextReadOptions,
  ContextWindow,
  SaveSummaryOptions,
  StoredSummary,
} from './memory/context-memory.js';
export type {
  AcquireTurnOptions,
  AllMessagesOptions,
  MemoryProvider,
  MemoryWriteOptions,
  ReleaseTurn,
  VersionedMessages,
} from './memory/memory.js';
export type {
  ConversationMemory,
  ConversationSummary,
  ListConversationsOptions,
  MemoryStore,
  ReadyOptions,
} from './memory/memory-store.js';
export { TurnLocks } from './memory/turn-locks.js';
export {
  type AudioPart,
  audioPart,
  audioPartFromUri,
  type ContentPart,
  type DocumentPart,
  documentPart,
  documentPartFromUri,
  type ImagePart,
  imagePart,
  imagePartFromUri,
  type MediaKind,
  type MediaPart,
  type MediaPartOptions,
  type TextPart,
  textPart,
  type VideoPart,
  videoPart,
  videoPartFromUri,
} from './messages/content-part.js';
export { contentText } from './messages/content-text.js';
export {
  type CodeExecution,
  type GeneratedMedia,
  type Grounding,
  type GroundingSource,
  type GroundingSupport,
  generatedMediaKind,
} from './messages/media.js';
export {
  assistantMessage,
  MESSAGE_FORMAT_VERSION,
  type Message,
  messageText,
  ROLES,
  type Role,
  systemMessage,
  toolMessage,
  userMessage,
} from './messages/message.js';
export { toAssistantMessage } from './messages/to-assistant-message.js';
export type { ToolCall } from './messages/tool-call.js';
export { setOwn, validateMessage } from './messages/validate-message.js';
export { combineObservers } from './observability/combine-observers.js';
export * from './observability/gen-ai-attributes.js';
export { leveledLogs } from './observability/leveled-logs.js';
export { noopObserver, noopSpan } from './observability/noop-observer.js';
export type {
  Attributes,
  AttributeValue,
  Counter,
  Histogram,
  LogLevel,
  Observer,
  ReadonlyTraceCarrier,
  Span,
  SpanKind,
  StartSpanOptions,
  TraceCarrier,
} from './observability/observer.js';
export { redactAttribute, redactAttributeValue } from './observability/redact-secrets.js';
export { extractTraceContext, injectTraceContext } from './observability/trace-context.js';
export {
  redactSecrets,
  redactUrlSecrets,
  secretQueryValues,
} from './redaction/redact-secrets.js';
export { isSecretHeader, isSecretName } from './redaction/secret-names.js';
export { REDACTED } from './redaction/secret-patterns.js';
export * from './retrieval/index.js';
export { checkRunStoreArguments } from './runs/check-run-store-arguments.js';
export { MAX_RUN_ID_LENGTH } from './runs/run-id.js';
export type {
  RunSaveOptions,
  RunStatus,
  RunStore,
  RunStoreCallOptions,
  StoredRun,
} from './runs/run-store.js';
export type { DeepPartial } from './schema/deep-partial.js';
export {
  type InferSchema,
  type InferSchemaInput,
  isStandardSchema,
  type Schema,
} from './schema/schema.js';
export {
  JSON_SCHEMA_TARGET,
  type SchemaJsonOptions,
  schemaToJsonSchema,
} from './schema/schema-to-json-schema.js';
export type {
  StandardJSONSchemaV1,
  StandardSchemaV1,
  StandardTypedV1,
} from './schema/standard-schema.js';
export {
  type SchemaResult,
  type ValidateSchemaOptions,
  validateSchema,
} from './schema/validate-schema.js';
export { ChatStream } from './stream/chat-stream.js';
export type { ChatStreamHooks } from './stream/chat-stream-hooks.js';
export type { ChatStreamOptions } from './stream/chat-stream-options.js';
export type { ChatStreamController, ChatStreamSource } from './stream/chat-stream-source.js';
export { ResponseAccumulator } from './stream/response-accumulator.js';
export { responseToEvents } from './stream/response-to-events.js';
export type {
  ContentEvent,
  FinishEvent,
  MediaEvent,
  MetadataEvent,
  ReasoningEvent,
  RefusalEvent,
  StartEvent,
  StreamEvent,
  StreamEventType,
  ToolCallDeltaEvent,
  UsageEvent,
} from './stream/stream-event.js';
export { ToolCallAccumulator } from './stream/tool-call-accumulator.js';
export { canonicalJson } from './text/canonical-json.js';
export { escapeHtml } from './text/escape-html.js';
export { callTool } from './tools/call-tool.js';
export {
  type DefinedTool,
  defineTool,
  type NeedsApproval,
  type NoInput,
  type ParsedToolArguments,
  type ToolDefinition,
  type ToolInput,
  type ToolOutput,
} from './tools/define-tool.js';
export {
  formatIssues,
  type SchemaValidator,
  schemaValidator,
} from './tools/schema-validator.js';
export type { Tool, ToolCallOptions, ToolContext, ToolProgress } from './tools/tool.js';
export {
  isProviderTool,
  type ProviderTool,
  type RequestTool,
  type ToolDescription,
} from './tools/tool-description.js';
export {
  parseToolErrorEnvelope,
  type ToolErrorCode,
  type ToolErrorEnvelope,
  toolErrorEnvelope,
} from './tools/tool-envelope.js';
export {
  isToolOutputWithContent,
  type ToolOutputWithContent,
  type ToolResult,
  withContent,
} from './tools/tool-result.js';
export {
  combineToolSets,
  createToolSet,
  isToolSet,
  type MutableToolSet,
  type ToolSet,
} from './tools/tool-set.js';
export { checkDocumentRecords, checkMatchModels } from './vectors/check-document-records.js';
export {
  type CheckedQueryOptions,
  checkDocumentRef,
  checkMetadata,
  checkQueryOptions,
  checkVector,
  checkVectorIds,
  checkVectorRecords,
  DEFAULT_TOP_K,
  VECTOR_METRICS,
} from './vectors/check-vector-input.js';
export { jsonEqual, matchesMetadataFilter } from './vectors/match-metadata-filter.js';
export {
  type FieldCondition,
  type FieldOperator,
  type FilterNode,
  type MetadataFilter,
  valueAtPath,
} from './vectors/metadata-filter.js';
export { parseMetadataFilter } from './vectors/parse-metadata-filter.js';
export { dotProduct, vectorNorm, vectorScore } from './vectors/vector-math.js';
export type {
  DocumentRecords,
  DocumentRef,
  StoredDocument,
  StoredVectorRecord,
  VectorMatch,
  VectorMetric,
  VectorQueryOptions,
  VectorRecord,
  VectorRecordFields,
  VectorStore,
  VectorWriteOptions,
} from './vectors/vector-store.js';
export {
  type NodeServerResponse,
  type PipeResponseOptions,
  pipeResponse,
} from './web/pipe-response.js';
export { toReadableStream } from './web/to-readable-stream.js';
export { toSSEResponse, toSSEStream } from './web/to-sse-stream.js';
export { toTextResponse, toTextStream } from './web/to-text-stream.js';
export type { ErrorMessage, SSEErrorData } from './web/web-error.js';
export type { SSEResponseInit, SSEStreamOptions } from './web/web-stream-options.js';
