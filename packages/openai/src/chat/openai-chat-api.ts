/**
 * Wire types of OpenAI's Chat Completions API (`POST /chat/completions`), the subset aigo sends and
 * reads. Response types are written loosely (`| null`, optional) because OpenAI-compatible servers
 * (DeepSeek, Groq, OpenRouter, xAI, Azure, Gemini's OpenAI endpoint, Ollama, vLLM) differ in what
 * they fill in; the mappers read them defensively.
 */

import type { OpenAIInputAudioPart } from '../shared/convert-user-part.js';

/** A content part of a user (or system) message. */
export type OpenAIChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } }
  | OpenAIInputAudioPart
  | {
      type: 'file';
      file: { filename?: string; file_data?: string; file_id?: string };
    };

/** A tool call as an assistant message carries it. */
export interface OpenAIChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Gemini's OpenAI endpoint: `{ google: { thought_signature } }`, sent back as received. */
  extra_content?: Record<string, unknown>;
}

/** One message of the `messages` array. */
export type OpenAIChatMessage =
  | { role: 'system'; content: string; name?: string }
  | { role: 'user'; content: string | OpenAIChatContentPart[]; name?: string }
  | {
      role: 'assistant';
      content: string | null;
      name?: string;
      tool_calls?: OpenAIChatToolCall[];
      /** DeepSeek thinking mode: the reasoning of a tool-call turn must be sent back with it. */
      reasoning_content?: string;
      extra_content?: Record<string, unknown>;
    }
  | { role: 'tool'; content: string; tool_call_id: string };

/** A function tool. */
export interface OpenAIChatFunctionTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: Record<string, unknown>;
    strict?: boolean;
  };
}

/** `tool_choice`: a mode, or one named function in the nested Chat Completions form. */
export type OpenAIChatToolChoice =
  | 'auto'
  | 'none'
  | 'required'
  | { type: 'function'; function: { name: string } };

/** `response_format`. */
export type OpenAIChatResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema: {
        name: string;
        description?: string;
        schema: Record<string, unknown>;
        strict?: boolean;
      };
    };

/** The request body. Keys are present only when set. */
export interface OpenAIChatRequestBody {
  model: string;
  messages: OpenAIChatMessage[];
  stream?: true;
  stream_options?: { include_usage: boolean };
  tools?: OpenAIChatFunctionTool[];
  tool_choice?: OpenAIChatToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: OpenAIChatResponseFormat;
  temperature?: number;
  top_p?: number;
  max_completion_tokens?: number;
  max_tokens?: number;
  stop?: string[];
  seed?: number;
  reasoning_effort?: string;
  user?: string;
  [extra: string]: unknown;
}

/** `usage` of a response or of the last stream chunk. */
export interface OpenAIChatUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
  /** DeepSeek's name for cached prompt tokens. */
  prompt_cache_hit_tokens?: number | null;
}

/** A tool call in a response message (ids may be empty on Gemini's endpoint). */
export interface OpenAIChatResponseToolCall {
  id?: string | null;
  type?: string;
  function?: { name?: string | null; arguments?: string | null } | null;
  extra_content?: Record<string, unknown> | null;
}

/** `choices[].message` of a response. */
export interface OpenAIChatResponseMessage {
  role?: string;
  content?: string | null;
  refusal?: string | null;
  /** DeepSeek, xAI, vLLM. */
  reasoning_content?: string | null;
  /** OpenRouter, Groq, Ollama. */
  reasoning?: string | null;
  tool_calls?: OpenAIChatResponseToolCall[] | null;
  extra_content?: Record<string, unknown> | null;
}

/** The body of a non-streaming response. */
export interface OpenAIChatResponseBody {
  id?: string;
  model?: string;
  choices?: {
    index?: number;
    message?: OpenAIChatResponseMessage;
    finish_reason?: string | null;
  }[];
  usage?: OpenAIChatUsage | null;
  error?: unknown;
}

/** A tool-call fragment in a stream chunk. */
export interface OpenAIChatToolCallDelta {
  index?: number;
  id?: string | null;
  type?: string;
  function?: { name?: string | null; arguments?: string | null } | null;
  extra_content?: Record<string, unknown> | null;
}

/** One `data:` chunk of a stream. */
export interface OpenAIChatChunk {
  id?: string;
  model?: string;
  choices?: {
    index?: number;
    delta?: {
      role?: string;
      content?: string | null;
      refusal?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: OpenAIChatToolCallDelta[] | null;
      extra_content?: Record<string, unknown> | null;
    } | null;
    finish_reason?: string | null;
  }[];
  usage?: OpenAIChatUsage | null;
  /** OpenRouter reports a failure inside an HTTP 200 stream this way. */
  error?: unknown;
}
