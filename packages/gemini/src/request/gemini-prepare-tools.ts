import {
  isProviderTool,
  type RequestTool,
  type ToolChoice,
  type ToolDescription,
  ValidationError,
} from '@aigo/ai';
import { GEMINI_PROVIDER_TOOL_IDS } from '../gemini-tools.js';
import type {
  GeminiFunctionDeclaration,
  GeminiJson,
  GeminiTool,
  GeminiToolConfig,
} from '../wire/gemini-api.js';
import { convertJsonSchemaToGeminiSchema } from './convert-json-schema-to-gemini-schema.js';

/** The request's `tools` and `toolConfig`, each only when there is something to send. */
export interface PreparedGeminiTools {
  readonly tools?: GeminiTool[];
  readonly toolConfig?: GeminiToolConfig;
}

const KNOWN_IDS = Object.values(GEMINI_PROVIDER_TOOL_IDS).join(', ');

/**
 * Maps request tools to Gemini's `tools` array: each built-in tool is its own entry
 * (`{googleSearch:{}}`, `{urlContext:{}}`, `{codeExecution:{}}`) in request order, and every function
 * tool goes into one final `{functionDeclarations:[…]}` with its schema sanitised for Gemini.
 * `toolChoice` becomes `toolConfig.functionCallingConfig` (`auto` → AUTO, `none` → NONE,
 * `required` → ANY, `{ name }` → ANY with that one allowed name), sent only with function tools.
 *
 * @throws ValidationError for a provider tool that is not Gemini's (naming it), a duplicate function
 *   name, or a forced tool name that is not among the tools.
 */
export function prepareGeminiTools(
  tools: readonly RequestTool[] | undefined,
  toolChoice: ToolChoice | undefined,
): PreparedGeminiTools {
  const entries: GeminiTool[] = [];
  const declarations: GeminiFunctionDeclaration[] = [];
  const names = new Set<string>();
  (tools ?? []).forEach((tool, index) => {
    if (tool === null || typeof tool !== 'object') {
      throw new ValidationError(`tools[${index}]`, 'must be a tool description or a provider tool');
    }
    if (isProviderTool(tool)) {
      entries.push(builtinTool(tool.id, tool.options, index));
      return;
    }
    const declaration = functionDeclaration(tool, index);
    if (names.has(declaration.name)) {
      throw new ValidationError(
        `tools[${index}]`,
        `the function name "${declaration.name}" is used twice`,
      );
    }
    names.add(declaration.name);
    declarations.push(declaration);
  });
  if (declarations.length > 0) entries.push({ functionDeclarations: declarations });

  const prepared: { tools?: GeminiTool[]; toolConfig?: GeminiToolConfig } = {};
  if (entries.length > 0) prepared.tools = entries;
  const toolConfig = prepareToolConfig(toolChoice, names);
  if (toolConfig !== undefined) prepared.toolConfig = toolConfig;
  return prepared;
}

function builtinTool(id: unknown, options: unknown, index: number): GeminiTool {
  const body = toolOptions(options, index);
  switch (id) {
    case GEMINI_PROVIDER_TOOL_IDS.googleSearch:
      return { googleSearch: body };
    case GEMINI_PROVIDER_TOOL_IDS.urlContext:
      return { urlContext: body };
    case GEMINI_PROVIDER_TOOL_IDS.codeExecution:
      return { codeExecution: body };
    default:
      throw new ValidationError(
        `tools[${index}]`,
        `the provider tool "${String(id)}" is not a Gemini tool (Gemini runs ${KNOWN_IDS})`,
      );
  }
}

function toolOptions(options: unknown, index: number): { [key: string]: GeminiJson } {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError(`tools[${index}].options`, 'must be an object');
  }
  return JSON.parse(JSON.stringify(options)) as { [key: string]: GeminiJson };
}

function functionDeclaration(tool: ToolDescription, index: number): GeminiFunctionDeclaration {
  if (typeof tool.name !== 'string' || tool.name.length === 0) {
    throw new ValidationError(`tools[${index}].name`, 'must be a non-empty string');
  }
  const declaration: GeminiFunctionDeclaration = { name: tool.name };
  if (typeof tool.description === 'string' && tool.description.length > 0) {
    declaration.description = tool.description;
  }
  if (tool.parameters !== undefined && tool.parameters !== null) {
    if (typeof tool.parameters !== 'object' || Array.isArray(tool.parameters)) {
      throw new ValidationError(`tools[${index}].parameters`, 'must be a JSON Schema object');
    }
    const parameters = convertJsonSchemaToGeminiSchema(tool.parameters);
    if (parameters !== undefined) declaration.parameters = parameters;
  }
  return declaration;
}

function prepareToolConfig(
  toolChoice: ToolChoice | undefined,
  functionNames: ReadonlySet<string>,
): GeminiToolConfig | undefined {
  if (toolChoice === undefined) return undefined;
  if (toolChoice === 'auto' || toolChoice === 'none' || toolChoice === 'required') {
    if (functionNames.size === 0) return undefined;
    const mode = toolChoice === 'auto' ? 'AUTO' : toolChoice === 'none' ? 'NONE' : 'ANY';
    return { functionCallingConfig: { mode } };
  }
  if (
    toolChoice !== null &&
    typeof toolChoice === 'object' &&
    typeof toolChoice.name === 'string'
  ) {
    if (!functionNames.has(toolChoice.name)) {
      throw new ValidationError(
        'toolChoice',
        `forces the tool "${toolChoice.name}", which is not among the request's function tools`,
      );
    }
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [toolChoice.name] } };
  }
  throw new ValidationError('toolChoice', "must be 'auto', 'none', 'required' or { name }");
}
