import {
  isProviderTool,
  type ProviderTool,
  type RequestTool,
  type ToolChoice,
  type ToolDescription,
  ValidationError,
} from '@aigo/ai';
import { isRecord } from '@aigo/http';
import { makeStrictSchema } from './make-strict-schema.js';

/** A function tool checked and ready to map: its schema made strict-compatible when `strict`. */
export interface PreparedFunctionTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
  readonly strict: boolean;
}

/** The request's tools split into function tools and provider tools, validated. */
export interface SplitTools {
  readonly functions: readonly PreparedFunctionTool[];
  readonly providerTools: readonly { readonly tool: ProviderTool; readonly where: string }[];
}

/** Validates `request.tools` and prepares the function tools (strict schemas where asked). */
export function splitTools(tools: readonly RequestTool[] | undefined): SplitTools {
  const functions: PreparedFunctionTool[] = [];
  const providerTools: { tool: ProviderTool; where: string }[] = [];
  const names = new Set<string>();
  (tools ?? []).forEach((tool, index) => {
    const where = `request.tools[${index}]`;
    if (!isRecord(tool)) throw new ValidationError(where, 'must be a tool description');
    if (isProviderTool(tool)) {
      providerTools.push({ tool, where });
      return;
    }
    const description = tool as ToolDescription;
    if (typeof description.name !== 'string' || description.name === '') {
      throw new ValidationError(`${where}.name`, 'must be a non-empty string');
    }
    if (names.has(description.name)) {
      throw new ValidationError(`${where}.name`, `"${description.name}" is given twice`);
    }
    names.add(description.name);
    if (!isRecord(description.parameters)) {
      throw new ValidationError(`${where}.parameters`, 'must be a JSON Schema object');
    }
    const strict = description.strict === true;
    functions.push({
      name: description.name,
      description: typeof description.description === 'string' ? description.description : '',
      parameters: (strict
        ? makeStrictSchema(description.parameters)
        : description.parameters) as Record<string, unknown>,
      strict,
    });
  });
  return { functions, providerTools };
}

/** The validated tool choice: a mode, or the name of one function tool the request offers. */
export function checkToolChoice(
  choice: ToolChoice | undefined,
  functions: readonly PreparedFunctionTool[],
): 'auto' | 'none' | 'required' | { name: string } | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isRecord(choice) && typeof choice.name === 'string' && choice.name !== '') {
    if (!functions.some((tool) => tool.name === choice.name)) {
      throw new ValidationError(
        'request.toolChoice',
        `names the tool "${choice.name}", which is not among request.tools`,
      );
    }
    return { name: choice.name };
  }
  throw new ValidationError(
    'request.toolChoice',
    'must be "auto", "none", "required" or { name: "<tool name>" }',
  );
}
