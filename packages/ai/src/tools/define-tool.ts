import { raceAbort } from '../abort/race-abort.js';
import type { SteerResult } from '../agent/run-state.js';
import type { ToolMetrics } from '../cost/cost.js';
import { AigoError } from '../errors/aigo-error.js';
import { AbortError } from '../errors/interruption-errors.js';
import { ValidationError } from '../errors/validation-error.js';
import type { JsonSchema, JsonValue } from '../json.js';
import type { ContentPart } from '../messages/content-part.js';
import {
  type InferSchema,
  type InferSchemaInput,
  isSchema,
  type Schema,
} from '../schema/schema.js';
import { schemaToJsonSchema } from '../schema/schema-to-json-schema.js';
import { validateSchema } from '../schema/validate-schema.js';
import { formatIssues } from './schema-validator.js';
import type { Tool, ToolCallOptions, ToolContext, ToolProgress } from './tool.js';
import type { ToolDescription } from './tool-description.js';
import { toolErrorEnvelope } from './tool-envelope.js';
import {
  isToolOutputWithContent,
  type ToolOutputWithContent,
  type ToolResult,
} from './tool-result.js';

/** The input of a tool with no parameters. */
export type NoInput = Record<string, never>;

// Tested as `[Input] extends [undefined]`, not `Input extends Schema`: without typebox installed its
// `TSchema` reads as `any`, and `undefined extends any` would type a tool without input as `any`.
/**
 * What `execute` receives for an input schema: the validated value (`InferSchema`: a Standard
 * Schema's output type, typebox's `Static`), or `NoInput` for a tool without parameters.
 */
export type ToolInput<Input> = [Input] extends [undefined] ? NoInput : InferSchema<Input>;

/**
 * What `execute` returns for an output schema: the value the schema checks (`InferSchemaInput`: a
 * Standard Schema's input type, typebox's `Static`), or `unknown` without one.
 */
export type ToolOutput<Output> = [Output] extends [undefined] ? unknown : InferSchemaInput<Output>;

/** What `defineTool` takes. */
export interface ToolDefinition<
  Input extends Schema | undefined,
  Output extends Schema | undefined,
  Context,
> {
  /** 1–64 letters, digits, `_` or `-` (the limit every provider shares). */
  readonly name: string;
  /** What the tool does and when to use it, written for the model. */
  readonly description: string;
  /**
   * The arguments' schema, of an object: typebox (`Type.Object`) or a Standard Schema (`z.object`,
   * Valibot's `toStandardJsonSchema(v.object(…))`, ArkType). Omit it for a tool without parameters.
   */
  readonly input?: Input;
  /**
   * The JSON Schema of the arguments the model sees, instead of the one `input` gives: needed for a
   * Standard Schema without JSON Schema output (a plain Valibot schema), optional otherwise.
   */
  readonly jsonSchema?: JsonSchema;
  /**
   * The output's schema (typebox or any Standard Schema); when given, outputs are checked before they
   * reach the model, and what the model reads is the value it validated to.
   */
  readonly output?: Output;
  readonly metrics?: ToolMetrics;
  /** Ask providers to enforce the input schema exactly, where they can. */
  readonly strict?: boolean;
  /**
   * Whether a call must wait for a person's decision before it runs (an agent with human in the
   * loop suspends the run and asks): `true`, or a function of the validated input (`true` to ask).
   * Default `false`. An agent's own `approval` policy overrides it.
   */
  readonly needsApproval?: NeedsApproval<ToolInput<Input>>;
  execute(
    input: ToolInput<Input>,
    context: ToolContext<Context>,
  ):
    | Promise<ToolOutput<Output> | ToolOutputWithContent<ToolOutput<Output>>>
    | ToolOutput<Output>
    | ToolOutputWithContent<ToolOutput<Output>>;
}

/** Whether a tool call needs a decision: always, or as a function of its validated input says. */
export type NeedsApproval<Input = unknown> =
  | boolean
  | ((input: Input) => boolean | Promise<boolean>);

/** Arguments JSON read and validated against a tool's input schema, without running the tool. */
export type ParsedToolArguments =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly code: 'invalid_json' | 'invalid_arguments';
      readonly message: string;
    };

/** A tool made by `defineTool`: the `Tool` contract plus its typed `execute`. */
export interface DefinedTool<
  Input extends Schema | undefined,
  Output extends Schema | undefined,
  Context,
> extends Tool<Context> {
  /**
   * Runs the tool directly on a typed input, without JSON and without validation. Resolves to the
   * output (of a `withContent` result, its `output`; `callWithResult` has the content too).
   */
  execute(input: ToolInput<Input>, context?: ToolCallOptions<Context>): Promise<ToolOutput<Output>>;
  callWithResult(argumentsJson: string, options?: ToolCallOptions<Context>): Promise<ToolResult>;
  /** The definition's `needsApproval`, if it had one. */
  readonly needsApproval: NeedsApproval<ToolInput<Input>> | undefined;
  /**
   * Reads arguments JSON and validates it against the input schema, as `call` does first, without
   * running the tool: the value `execute` would receive, or what is wrong.
   */
  parseArguments(argumentsJson: string): Promise<ParsedToolArguments>;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const EMPTY_OBJECT_SCHEMA: JsonSchema = Object.freeze({ type: 'object', properties: {} });
const NEVER_ABORTED = new AbortController().signal;
const IGNORE_PROGRESS = (_update: ToolProgress): void => {};
/** `ctx.steer` of a call made outside an agent run: there is no run to steer. */
const OUTSIDE_A_RUN = (): SteerResult => 'finished';

/**
 * Defines a tool from typebox schemas or Standard Schemas (Zod, Valibot, ArkType). The input schema
 * becomes the JSON Schema the model sees (a Standard Schema's `~standard.jsonSchema.input`, or the
 * `jsonSchema` option) and the static type of `execute`'s argument; `tool.call(json)` parses,
 * validates and runs it, turning every failure into an error envelope the model can read (the failing
 * path named), except an aborted signal, which rejects with `AbortError`. `execute` receives the
 * validated value (with a Standard Schema's defaults and transforms applied).
 *
 * @example
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Adds two numbers',
 *   input: Type.Object({ a: Type.Number(), b: Type.Number() }),
 *   execute: ({ a, b }) => a + b,
 * });
 * await add.call('{"a":1,"b":2}'); // '3'
 *
 * @throws ValidationError naming the first bad field of the definition (`input` that is not an
 *   object schema or cannot be converted to JSON Schema, …).
 */
export function defineTool<
  Input extends Schema | undefined = undefined,
  Output extends Schema | undefined = undefined,
  Context = unknown,
>(definition: ToolDefinition<Input, Output, Context>): DefinedTool<Input, Output, Context> {
  if (definition === null || typeof definition !== 'object') {
    throw new ValidationError('definition', 'must be an object with name, description and execute');
  }
  const { name, description, input, jsonSchema, output, metrics, strict, execute, needsApproval } =
    definition;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new ValidationError(
      'name',
      `must be 1-64 letters, digits, "_" or "-", got ${JSON.stringify(name)}`,
    );
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw new ValidationError('description', `tool "${name}" needs a description for the model`);
  }
  if (typeof execute !== 'function') {
    throw new ValidationError('execute', `tool "${name}" needs an execute function`);
  }
  if (
    needsApproval !== undefined &&
    typeof needsApproval !== 'boolean' &&
    typeof needsApproval !== 'function'
  ) {
    throw new ValidationError('needsApproval', `tool "${name}": must be a boolean or a function`);
  }
  const parameters = inputJsonSchema(name, input, jsonSchema);
  if (output !== undefined && !isSchema(output)) {
    throw new ValidationError(
      'output',
      `tool "${name}" output must be a typebox schema or a Standard Schema`,
    );
  }

  const toolDescription: ToolDescription = Object.freeze({
    name,
    description,
    parameters,
    ...(strict === undefined ? {} : { strict }),
    ...(metrics === undefined ? {} : { metrics }),
  });

  const runExecute = async (value: unknown, options: ToolCallOptions<Context> | undefined) => {
    const context: ToolContext<Context> = {
      signal: options?.signal ?? NEVER_ABORTED,
      toolCallId: options?.toolCallId,
      span: options?.span,
      context: options?.context as Context,
      a2a: options?.a2a,
      runId: options?.runId,
      principal: options?.principal,
      progress: options?.onProgress ?? IGNORE_PROGRESS,
      state: options?.state ?? {},
      steer: options?.steer ?? OUTSIDE_A_RUN,
      ...(options?.parentRun === undefined ? {} : { parentRun: options.parentRun }),
    };
    return await execute(value as never, context);
  };

  const parseArguments = async (argumentsJson: string): Promise<ParsedToolArguments> => {
    if (typeof argumentsJson !== 'string') {
      return rejected(
        'invalid_json',
        `Arguments must be a JSON string, got ${typeof argumentsJson}`,
      );
    }
    let value: unknown;
    const text = argumentsJson.trim();
    if (text === '' || text === 'null') {
      value = {};
    } else {
      try {
        value = JSON.parse(text);
      } catch (error) {
        const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
        const detail = error instanceof Error ? error.message : String(error);
        return rejected('invalid_json', `Arguments are not valid JSON (${detail}): ${excerpt}`);
      }
    }
    if (input !== undefined) {
      const checked = await validateSchema(input, value);
      if (!checked.ok) {
        return rejected(
          'invalid_arguments',
          `Invalid arguments for ${name}: ${formatIssues(checked.issues)}`,
        );
      }
      return { ok: true, value: checked.value };
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return rejected('invalid_arguments', `${name} takes no arguments; send {}`);
    }
    return { ok: true, value };
  };

  const callWithResult = async (
    argumentsJson: string,
    options?: ToolCallOptions<Context>,
  ): Promise<ToolResult> => {
    const signal = options?.signal;
    if (signal?.aborted) throw AbortError.fromSignal(signal);
    const parsed = await parseArguments(argumentsJson);
    if (!parsed.ok) return failed(parsed.code, parsed.message);
    const value = parsed.value;

    let result: unknown;
    try {
      result = await raceAbort(runExecute(value, options), signal);
    } catch (error) {
      if (signal?.aborted) throw AbortError.fromSignal(signal);
      if (AbortError.isInstance(error)) throw error;
      const code = AigoError.isInstance(error) ? error.code : 'tool_execution_failed';
      const message = error instanceof Error ? error.message : String(error);
      return failed(code, message || `${name} failed`);
    }
    let content: readonly ContentPart[] | undefined;
    if (isToolOutputWithContent(result)) {
      content = result.content;
      result = result.output;
    }
    if (output !== undefined) {
      const checked = await validateSchema(output, result);
      if (!checked.ok) {
        return failed(
          'invalid_output',
          `${name} returned an invalid output: ${formatIssues(checked.issues)}`,
        );
      }
      result = checked.value;
    }
    let json: string;
    try {
      json = JSON.stringify(result) ?? 'null';
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return failed('invalid_output', `${name} returned an output that is not JSON: ${detail}`);
    }
    // With an output schema the value is checked JSON: it is the structured content too.
    const structured = output === undefined ? undefined : (JSON.parse(json) as JsonValue);
    if (content === undefined || content.length === 0) {
      return structured === undefined
        ? { output: json }
        : { output: json, structuredContent: structured };
    }
    return structured === undefined
      ? { output: json, content }
      : { output: json, content, structuredContent: structured };
  };

  const call = async (argumentsJson: string, options?: ToolCallOptions<Context>): Promise<string> =>
    (await callWithResult(argumentsJson, options)).output;

  return Object.freeze({
    name,
    description: toolDescription,
    metrics,
    call,
    callWithResult,
    needsApproval,
    parseArguments,
    execute: async (value: unknown, options?: ToolCallOptions<Context>) => {
      const result = await runExecute(value, options);
      return isToolOutputWithContent(result) ? result.output : result;
    },
  }) as DefinedTool<Input, Output, Context>;
}

/** The JSON Schema of the arguments: `{ type: 'object' }` always, checked. */
function inputJsonSchema(
  name: string,
  input: Schema | undefined,
  jsonSchema: JsonSchema | undefined,
): JsonSchema {
  if (input === undefined) {
    if (jsonSchema !== undefined) {
      throw new ValidationError('jsonSchema', `tool "${name}" has no input schema to describe`);
    }
    return EMPTY_OBJECT_SCHEMA;
  }
  const parameters = schemaToJsonSchema(input, { jsonSchema, argument: 'input' });
  if (parameters.type !== 'object') {
    throw new ValidationError(
      jsonSchema === undefined ? 'input' : 'jsonSchema',
      `tool "${name}" input must be an object schema (Type.Object, z.object, v.object, …)`,
    );
  }
  return parameters;
}

function rejected(
  code: 'invalid_json' | 'invalid_arguments',
  message: string,
): ParsedToolArguments {
  return { ok: false, code, message };
}

function failed(code: string, message: string): ToolResult {
  return { output: toolErrorEnvelope(code, message), isError: true };
}
