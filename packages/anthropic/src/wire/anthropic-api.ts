/**
 * The parts of the Messages API (`POST /v1/messages`) this package writes. Answers are read with the
 * JSON guards of `@aigo/http`, never trusted to have these shapes.
 */

/** `cache_control` on a block: a cache breakpoint (5 minutes unless `ttl` says `1h`). */
export interface AnthropicCacheControl {
  readonly type: 'ephemeral';
  readonly ttl?: '5m' | '1h';
}

/** A content block of a request message (text, image, document, tool use and result, thinking…). */
export type AnthropicBlock = { type: string; cache_control?: AnthropicCacheControl } & {
  [key: string]: unknown;
};

/** One message of the `messages` array: roles alternate, the first is `user`. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

/** A text block of `system`. */
export interface AnthropicSystemBlock {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl;
}

/** A tool of the `tools` array: a function (`input_schema`) or a server tool (`type`). */
export type AnthropicTool = { name: string; cache_control?: AnthropicCacheControl } & {
  [key: string]: unknown;
};

/** `tool_choice`. */
export type AnthropicToolChoice =
  | { type: 'auto' | 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

/** `thinking`. */
export type AnthropicThinking =
  | { type: 'enabled'; budget_tokens: number }
  | { type: 'adaptive' }
  | { type: 'disabled' };

/** `output_config`: the effort of adaptive thinking and the JSON-schema output format. */
export interface AnthropicOutputConfig {
  effort?: string;
  format?: { type: 'json_schema'; schema: { readonly [key: string]: unknown } };
}

/** The request body. Unset fields are left out. */
export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  system?: AnthropicSystemBlock[];
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  thinking?: AnthropicThinking;
  output_config?: AnthropicOutputConfig;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  metadata?: { user_id: string };
  service_tier?: string;
  container?: string;
  stream?: boolean;
  [key: string]: unknown;
}
