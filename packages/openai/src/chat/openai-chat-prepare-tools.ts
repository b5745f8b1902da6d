import { type ChatRequest, ValidationError } from '@aigo/ai';
import { checkToolChoice, splitTools } from '../shared/function-tools.js';
import type { OpenAIChatFunctionTool, OpenAIChatToolChoice } from './openai-chat-api.js';

/** `tools` and `tool_choice` of a Chat Completions request; keys absent when unset. */
export interface OpenAIChatTools {
  tools?: OpenAIChatFunctionTool[];
  tool_choice?: OpenAIChatToolChoice;
}

/**
 * Maps the request's function tools to `{ type: 'function', function: { name, description,
 * parameters, strict? } }` (a `strict` tool's schema made strict-compatible) and its `toolChoice` to
 * `'auto' | 'none' | 'required'` or the nested `{ type: 'function', function: { name } }` form Chat
 * Completions expects. `tool_choice` is sent only when the request sets it. Provider tools cannot be
 * sent to Chat Completions: a `ValidationError` names them.
 */
export function prepareOpenAIChatTools(request: ChatRequest): OpenAIChatTools {
  const { functions, providerTools } = splitTools(request.tools);
  const first = providerTools[0];
  if (first !== undefined) {
    throw new ValidationError(
      first.where,
      `the provider tool "${first.tool.id}" cannot be used with the OpenAI Chat Completions API${
        first.tool.id.startsWith('openai.') ? " (use api: 'responses')" : ''
      }`,
    );
  }
  const prepared: OpenAIChatTools = {};
  if (functions.length > 0) {
    prepared.tools = functions.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        ...(tool.strict ? { strict: true } : {}),
      },
    }));
  }
  const choice = checkToolChoice(request.toolChoice, functions);
  if (choice !== undefined) {
    prepared.tool_choice =
      typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
  }
  return prepared;
}
