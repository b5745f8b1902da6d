/**
 * Every error code aigo raises. Provider errors use the most specific code the provider's answer
 * allows (`invalid_api_key` rather than `authentication` when the body says so).
 */
export type AigoErrorCode =
  // misuse
  | 'validation'
  | 'missing_api_key'
  | 'unsupported'
  // provider answered with an error
  | 'invalid_api_key'
  | 'authentication'
  | 'permission_denied'
  | 'not_found'
  | 'model_not_found'
  | 'bad_request'
  | 'context_length_exceeded'
  | 'context_overflow'
  | 'rate_limited'
  | 'insufficient_quota'
  | 'content_filter'
  | 'prompt_blocked'
  | 'conflict'
  | 'server_error'
  | 'overloaded'
  | 'provider_error'
  // transport and wire
  | 'invalid_response'
  | 'connection_error'
  | 'stream_error'
  | 'timeout'
  | 'aborted'
  | 'retry_exhausted'
  // higher layers
  | 'tool_error'
  | 'parse_error'
  | 'memory_error'
  | 'conversation_conflict'
  | 'agent_stopped'
  // guardrails and tool authorization
  | 'guardrail_tripped'
  | 'guardrail_error'
  // durable graph runs
  | 'checkpoint_error'
  | 'stale_fencing_token'
  | 'graph_changed'
  | 'graph_run_not_suspended'
  // human in the loop
  | 'run_conflict'
  | 'invalid_suspended_run';
