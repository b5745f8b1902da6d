import { type ChatRequest, isProviderTool, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import { anthropicProviderToolToWire } from '../anthropic-tools.js';
import type { AnthropicTool, AnthropicToolChoice } from '../wire/anthropic-api.js';

/** The name of the tool a JSON answer is forced through on models without native structured output. */
export const STRUCTURED_OUTPUT_TOOL = 'json_response';

/** The `tools` and `tool_choice` of a request. */
export interface PreparedTools {
  readonly tools: AnthropicTool[] | undefined;
  readonly toolChoice: AnthropicToolChoice | undefined;
}

const NO_TOOLS: PreparedTools = Object.freeze({ tools: undefined, toolChoice: undefined });

/**
 * Function tools (`name`, `description`, `input_schema`, `strict`) and provider tools (from
 * `anthropicTools`), with `toolChoice`: `auto` → `auto`, `none` → `none`, `required` → `any`,
 * `{ name }` → `tool`. `parallelToolCalls: false` sets `disable_parallel_tool_use`. With a
 * `schemaTool` (structured output through a tool), that tool is added and forced — or, with
 * thinking on (which refuses a forced tool), offered with `auto`.
 *
 * @throws ValidationError naming the tool or the choice that cannot be sent.
 */
export function prepareAnthropicTools(
  request: ChatRequest,
  parallelToolCalls: boolean | undefined,
  schemaTool: AnthropicTool | undefined,
  thinking: boolean,
): PreparedTools {
  if (request.tools === undefined && schemaTool === undefined && request.toolChoice === undefined) {
    return NO_TOOLS;
  }
  const given = request.tools ?? [];
  if (!Array.isArray(given)) throw new ValidationError('request.tools', 'must be an array');
  const tools: AnthropicTool[] = [];
  given.forEach((tool, index) => {
    const where = `request.tools[${index}]`;
    if (!isRecord(tool as unknown)) throw new ValidationError(where, 'must be a tool');
    if (isProviderTool(tool)) {
      const wire = anthropicProviderToolToWire(tool);
      if (wire === undefined) {
        throw new ValidationError(`${where}.id`, `"${tool.id}" is not a tool Anthropic runs`);
      }
      tools.push(wire);
      return;
    }
    if (typeof tool.name !== 'string' || tool.name === '') {
      throw new ValidationError(`${where}.name`, 'must be a non-empty string');
    }
    const wire: AnthropicTool = {
      name: tool.name,
      input_schema: isRecord(tool.parameters) ? tool.parameters : { type: 'object' },
    };
    if (typeof tool.description === 'string' && tool.description !== '') {
      wire.description = tool.description;
    }
    if (tool.strict === true) wire.strict = true;
    tools.push(wire);
  });
  let choice = toolChoice(request.toolChoice, tools);
  if (schemaTool !== undefined) {
    tools.push(schemaTool);
    choice = thinking ? { type: 'auto' } : { type: 'tool', name: schemaTool.name };
  }
  if (parallelToolCalls === false && choice?.type !== 'none' && tools.length > 0) {
    choice = { ...(choice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  }
  return { tools: tools.length > 0 ? tools : undefined, toolChoice: choice };
}

function toolChoice(
  choice: ChatRequest['toolChoice'],
  tools: readonly AnthropicTool[],
): AnthropicToolChoice | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any' };
  if (isRecord(choice) && typeof choice.name === 'string' && choice.name !== '') {
    if (!tools.some((tool) => tool.name === choice.name)) {
      throw new ValidationError(
        'request.toolChoice.name',
        `names no tool of the request: ${choice.name}`,
      );
    }
    return { type: 'tool', name: choice.name };
  }
  throw new ValidationError('request.toolChoice', 'must be "auto", "none", "required" or { name }');
}
