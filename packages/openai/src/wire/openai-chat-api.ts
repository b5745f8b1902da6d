/**
 * Wire types of OpenAI's Chat Completions API (`POST /chat/completions`): the request aigo sends.
 * Responses and stream chunks are read defensively by the mappers, because OpenAI-compatible servers
 * (DeepSeek, Groq, OpenRouter, xAI, Azure, Gemini's OpenAI endpoint, Ollama, vLLM) differ in what
 * they fill in.
 */

import type { OpenAIInputAudioPart } from '../request/convert-user-part.js';

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
      /** The audio this turn spoke, referred to by id. */
      audio?: { id: string };
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
  modalities?: ('text' | 'audio')[];
  audio?: { voice: string; format: string };
  [extra: string]: unknown;
}
