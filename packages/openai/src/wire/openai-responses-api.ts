/**
 * Wire types of OpenAI's Responses API (`POST /responses`): the request aigo sends. Output items
 * and stream events are read defensively by the mappers.
 */

import type { OpenAIInputAudioPart } from '../request/convert-user-part.js';

/**
 * A content part of an input message or of a function call's output: text, an image, a file
 * (`function_call_output.output` takes these three).
 */
export type OpenAIResponsesToolOutputContent =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url?: string; file_id?: string; detail: 'auto' | 'low' | 'high' }
  | {
      type: 'input_file';
      filename?: string;
      file_data?: string;
      file_url?: string;
      file_id?: string;
    };

/** A content part of an input message. */
export type OpenAIResponsesInputContent = OpenAIResponsesToolOutputContent | OpenAIInputAudioPart;

/** One item of `input`. */
export type OpenAIResponsesInputItem =
  | {
      role: 'system' | 'developer' | 'user' | 'assistant';
      content: string | OpenAIResponsesInputContent[];
    }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | {
      type: 'function_call_output';
      call_id: string;
      /** The tool's text, or its text and media as content items. */
      output: string | OpenAIResponsesToolOutputContent[];
    }
  /** A reasoning item of an earlier response, sent back as it was received. */
  | ({ type: 'reasoning' } & Record<string, unknown>)
  /** An image an earlier response generated, sent back so the model can refer to (or edit) it. */
  | { type: 'image_generation_call'; id: string; status: 'completed'; result?: string };

/** A function tool (flat, unlike Chat Completions). */
export interface OpenAIResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
}

/** A tool OpenAI runs itself (`web_search`). */
export type OpenAIResponsesTool =
  | OpenAIResponsesFunctionTool
  | ({ type: string } & Record<string, unknown>);

/** `tool_choice`. */
export type OpenAIResponsesToolChoice =
  | 'auto'
  | 'none'
  | 'required'
  | { type: 'function'; name: string };

/** `text.format`. */
export type OpenAIResponsesTextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      name: string;
      description?: string;
      schema: Record<string, unknown>;
      strict?: boolean;
    };

/** The request body. Keys are present only when set. */
export interface OpenAIResponsesRequestBody {
  model: string;
  input: OpenAIResponsesInputItem[];
  instructions?: string;
  store: boolean;
  include?: string[];
  stream?: true;
  tools?: OpenAIResponsesTool[];
  tool_choice?: OpenAIResponsesToolChoice;
  parallel_tool_calls?: boolean;
  text?: { format: OpenAIResponsesTextFormat };
  reasoning?: { effort?: string; summary?: string };
  temperature?: number;
  top_p?: number;
  max_output_tokens?: number;
  user?: string;
  [extra: string]: unknown;
}
