import { type ChatRequest, ValidationError } from '@aigo/ai';
import { checkToolChoice, splitTools } from '../request/function-tools.js';
import type { OpenAIChatFunctionTool, OpenAIChatToolChoice } from '../wire/openai-chat-api.js';

/** `tools`, `tool_choice` and `parallel_tool_calls` of a Chat Completions request; keys absent when unset. */
export interface OpenAIChatTools {
  tools?: OpenAIChatFunctionTool[];
  tool_choice?: OpenAIChatToolChoice;
  parallel_tool_calls?: boolean;
}

/**
 * Maps the request's function tools to `{ type: 'function', function: { name, description,
 * parameters, strict? } }` (a `strict` tool's schema made strict-compatible) and its `toolChoice` to
 * `'auto' | 'none' | 'required'` or the nested `{ type: 'function', function: { name } }` form Chat
 * Completions expects. `tool_choice` is sent only when the request sets it, `parallel_tool_calls`
 * only when `parallelToolCalls` is given. Provider tools cannot be sent to Chat Completions: a
 * `ValidationError` names them.
 */
export function prepareOpenAIChatTools(
  request: ChatRequest,
  parallelToolCalls?: boolean,
): OpenAIChatTools {
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
  if (parallelToolCalls !== undefined) prepared.parallel_tool_calls = parallelToolCalls;
  return prepared;
}
