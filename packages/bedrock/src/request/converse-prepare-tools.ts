import { type ChatRequest, isProviderTool, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { ConverseRequestBody, ConverseToolSpec } from '../wire/converse-api.js';

/** The tool a JSON answer with a schema is forced through: its input is the answer. */
export const JSON_RESPONSE_TOOL = 'json_response';

/**
 * The `toolConfig` of a request: function tools as `toolSpec`s, `toolChoice` `auto` → `auto`,
 * `required` → `any`, `{ name }` → `tool`; `none` sends no tools (Converse has no `none`). A JSON
 * `schema` adds the {@link JSON_RESPONSE_TOOL} and forces it.
 *
 * @throws ValidationError naming a provider tool (Bedrock runs none) or a bad tool.
 */
export function prepareConverseTools(
  request: ChatRequest,
  schema: Readonly<Record<string, unknown>> | undefined,
): ConverseRequestBody['toolConfig'] {
  const given = request.tools ?? [];
  if (!Array.isArray(given)) throw new ValidationError('request.tools', 'must be an array');
  if (request.toolChoice === 'none' && schema === undefined) return undefined;
  const tools: ConverseToolSpec[] = given.map((tool, index) => {
    const where = `request.tools[${index}]`;
    if (!isRecord(tool as unknown)) throw new ValidationError(where, 'must be a tool');
    if (isProviderTool(tool)) {
      throw new ValidationError(`${where}.id`, `"${tool.id}" is not a tool Bedrock runs`);
    }
    if (typeof tool.name !== 'string' || tool.name === '') {
      throw new ValidationError(`${where}.name`, 'must be a non-empty string');
    }
    return {
      toolSpec: {
        name: tool.name,
        ...(typeof tool.description === 'string' && tool.description !== ''
          ? { description: tool.description }
          : {}),
        inputSchema: { json: isRecord(tool.parameters) ? tool.parameters : { type: 'object' } },
      },
    };
  });
  if (schema !== undefined) {
    tools.push({
      toolSpec: {
        name: JSON_RESPONSE_TOOL,
        description: 'Answer with this tool: its input is the answer.',
        inputSchema: { json: schema },
      },
    });
    return { tools, toolChoice: { tool: { name: JSON_RESPONSE_TOOL } } };
  }
  if (tools.length === 0) return undefined;
  const choice = request.toolChoice;
  if (choice === undefined || choice === 'auto') return { tools, toolChoice: { auto: {} } };
  if (choice === 'required') return { tools, toolChoice: { any: {} } };
  if (isRecord(choice) && typeof choice.name === 'string' && choice.name !== '') {
    if (!tools.some((tool) => tool.toolSpec.name === choice.name)) {
      throw new ValidationError(
        'request.toolChoice.name',
        `names no tool of the request: ${choice.name}`,
      );
    }
    return { tools, toolChoice: { tool: { name: choice.name } } };
  }
  throw new ValidationError('request.toolChoice', "must be 'auto', 'none', 'required' or { name }");
}
