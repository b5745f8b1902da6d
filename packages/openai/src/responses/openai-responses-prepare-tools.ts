import { type ChatRequest, ValidationError } from '@aigo/ai';
import { openaiProviderToolToWire } from '../openai-tools.js';
import { checkToolChoice, splitTools } from '../request/function-tools.js';
import type {
  OpenAIResponsesTool,
  OpenAIResponsesToolChoice,
} from '../wire/openai-responses-api.js';

/** `tools`, `tool_choice` and `parallel_tool_calls` of a Responses request; keys absent when unset. */
export interface OpenAIResponsesTools {
  tools?: OpenAIResponsesTool[];
  tool_choice?: OpenAIResponsesToolChoice;
  parallel_tool_calls?: boolean;
}

/**
 * Maps function tools to the flat `{ type: 'function', name, description, parameters, strict? }`
 * form (a `strict` tool's schema made strict-compatible), `openaiTools.webSearch()` to
 * `{ type: 'web_search' }`, and `toolChoice` to `'auto' | 'none' | 'required'` or
 * `{ type: 'function', name }`, and `parallelToolCalls`, when given, to `parallel_tool_calls`. A
 * provider tool of another provider is a `ValidationError`.
 */
export function prepareOpenAIResponsesTools(
  request: ChatRequest,
  parallelToolCalls?: boolean,
): OpenAIResponsesTools {
  const { functions, providerTools } = splitTools(request.tools);
  const tools: OpenAIResponsesTool[] = functions.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    ...(tool.strict ? { strict: true } : {}),
  }));
  for (const { tool, where } of providerTools) {
    const wire = openaiProviderToolToWire(tool);
    if (wire === undefined) {
      throw new ValidationError(
        where,
        `the provider tool "${tool.id}" is not an OpenAI tool (known: openai.web_search, openai.image_generation)`,
      );
    }
    tools.push(wire);
  }
  const prepared: OpenAIResponsesTools = {};
  if (tools.length > 0) prepared.tools = tools;
  const choice = checkToolChoice(request.toolChoice, functions);
  if (choice !== undefined) {
    prepared.tool_choice =
      typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
  }
  if (parallelToolCalls !== undefined) prepared.parallel_tool_calls = parallelToolCalls;
  return prepared;
}
