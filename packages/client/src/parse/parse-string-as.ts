import {
  formatIssues,
  type InferSchema,
  isStandardSchema,
  type JsonSchema,
  type JsonValue,
  ParseError,
  type Schema,
  type SchemaIssue,
  schemaToJsonSchema,
  type Usage,
  ValidationError,
  validateSchema,
} from '@aigo/ai';
import { extractJsonCandidates } from './extract-json-candidates.js';

/** Options of `parseStringAs`. */
export interface ParseStringOptions {
  /** The usage of the call that produced the text, kept on a `ParseError` so the tokens are billed. */
  readonly usage?: Usage;
  /**
   * The JSON Schema of `schema`, which guides the lenient reading (a primitive or JSON; which
   * reshapings to try). Default: the schema itself (typebox) or its Standard JSON Schema. A Standard
   * Schema without one, and without this option, is read as JSON first, then as the plain text.
   */
  readonly jsonSchema?: JsonSchema;
}

type PrimitiveKind = 'string' | 'number' | 'integer' | 'boolean' | 'null';

/**
 * Reads a model's answer as a value of `schema` (a typebox schema or a Standard Schema: Zod,
 * Valibot, ArkType), leniently; the kind of value expected is read from the schema's JSON Schema:
 *
 * - string schemas take the text as it is (then trimmed, then a quoted JSON string, if the schema
 *   rejects the raw text);
 * - number, integer, boolean and null schemas take the trimmed text (a code fence or quotes around
 *   it are removed);
 * - everything else goes through the JSON pipeline: the likely JSON candidates (fenced blocks, then
 *   balanced objects and arrays, then the rest) are parsed, repaired with `jsonrepair` when they are
 *   not valid JSON (quotes, trailing commas, comments, Python constants, truncation), and validated
 *   against the schema; the first that fits wins. An array where an object is expected yields its
 *   first element, an object where an array is expected is wrapped, and `{type, value}` pairs some
 *   models write around each value are unwrapped — each only when the schema then accepts it.
 *
 * The value returned is the one the schema validated to (a Standard Schema's transforms and defaults
 * applied). Without a schema the first candidate that parses as JSON is returned.
 *
 * @throws ParseError with the raw `text`, the `usage` given, and the schema `issues` of the best
 *   candidate, when nothing fits. The message never contains the text.
 *
 * @example
 * const Person = Type.Object({ name: Type.String(), age: Type.Number() });
 * await parseStringAs('Sure! ```json\n{"name": "Ada", age: 36,}\n```', Person); // { name: 'Ada', age: 36 }
 */
export function parseStringAs<S extends Schema>(
  text: string,
  schema: S,
  options?: ParseStringOptions,
): Promise<InferSchema<S>>;
export function parseStringAs(text: string): Promise<JsonValue>;
export async function parseStringAs(
  text: string,
  schema?: Schema,
  options?: ParseStringOptions,
): Promise<unknown> {
  if (typeof text !== 'string') throw new ValidationError('text', 'must be a string');
  if (
    schema !== undefined &&
    !isStandardSchema(schema) &&
    (schema === null || typeof schema !== 'object' || Array.isArray(schema))
  ) {
    throw new ValidationError(
      'schema',
      'must be a typebox schema or a Standard Schema (Zod, Valibot, ArkType, …)',
    );
  }
  const explicit = options?.jsonSchema;
  if (explicit !== undefined && (explicit === null || typeof explicit !== 'object')) {
    throw new ValidationError('jsonSchema', 'must be a JSON Schema object');
  }
  const usage = options?.usage;
  if (schema === undefined) return parseAnyJson(text, usage);
  const guide = explicit ?? guideOf(schema);
  const check = (value: unknown) => validateSchema(schema, value);
  const kind = guide === undefined ? undefined : primitiveKind(guide);
  if (kind !== undefined) {
    const attempts = primitiveAttempts(text, kind);
    let issues: readonly SchemaIssue[] = [];
    for (const value of attempts) {
      const checked = await check(value);
      if (checked.ok) return checked.value;
      if (issues.length === 0) issues = checked.issues;
    }
    if (attempts.length === 0) {
      issues = [{ path: '', message: `expected ${article(kind)} ${kind}` }];
    }
    throw parseError(`The answer is not ${article(kind)} ${kind}: ${formatIssues(issues)}`, {
      text,
      usage,
      issues,
    });
  }

  const candidates = extractJsonCandidates(text);
  let bestIssues: readonly SchemaIssue[] | undefined;
  let parsedAny = false;
  for (const candidate of candidates) {
    const value = await parseJson(candidate);
    if (value === NOT_JSON) continue;
    parsedAny = true;
    for (const variant of variants(value, guide)) {
      const checked = await check(variant);
      if (checked.ok) return checked.value;
      bestIssues ??= checked.issues;
    }
  }
  if (guide === undefined) {
    // Nothing says what the schema expects: the answer may be plain text.
    for (const value of primitiveAttempts(text, 'string')) {
      const checked = await check(value);
      if (checked.ok) return checked.value;
      bestIssues ??= checked.issues;
    }
  }
  if (!parsedAny && bestIssues === undefined) {
    throw parseError(
      `The answer holds no JSON (${candidates.length} candidate${candidates.length === 1 ? '' : 's'} tried)`,
      { text, usage, issues: [{ path: '', message: 'no JSON value found' }] },
    );
  }
  const issues = bestIssues ?? [];
  throw parseError(`The answer does not match the schema: ${formatIssues(issues)}`, {
    text,
    usage,
    issues,
  });
}

async function parseAnyJson(text: string, usage: Usage | undefined): Promise<JsonValue> {
  const candidates = extractJsonCandidates(text);
  for (const candidate of candidates) {
    const value = await parseJson(candidate);
    if (value !== NOT_JSON) return value;
  }
  throw parseError('The answer holds no JSON', {
    text,
    usage,
    issues: [{ path: '', message: 'no JSON value found' }],
  });
}

/** The JSON Schema that says what `schema` expects, when it has one. */
function guideOf(schema: Schema): JsonSchema | undefined {
  if (!isStandardSchema(schema)) return schema as JsonSchema;
  try {
    return schemaToJsonSchema(schema);
  } catch {
    // A Standard Schema without (convertible) JSON Schema: validation alone decides.
    return undefined;
  }
}

function parseError(
  message: string,
  options: { text: string; usage: Usage | undefined; issues: readonly SchemaIssue[] },
): ParseError {
  return new ParseError(message, {
    text: options.text,
    issues: options.issues,
    ...(options.usage === undefined ? {} : { usage: options.usage }),
  });
}

const NOT_JSON: unique symbol = Symbol('not JSON');

type JsonRepair = (text: string) => string;

// jsonrepair is imported at the first candidate that is not strict JSON, never at start-up: it costs
// ~3 ms of import, a quarter of this package's, and most answers parse as they are.
let jsonRepairModule: Promise<JsonRepair> | undefined;

function loadJsonRepair(): Promise<JsonRepair> {
  jsonRepairModule ??= import('jsonrepair').then(
    (module) => module.jsonrepair,
    (error: unknown) => {
      jsonRepairModule = undefined;
      throw error;
    },
  );
  return jsonRepairModule;
}

/** The candidate as JSON, repaired if it must be; `NOT_JSON` when even repair fails. */
async function parseJson(candidate: string): Promise<JsonValue | typeof NOT_JSON> {
  try {
    return JSON.parse(candidate) as JsonValue;
  } catch {
    // Not strict JSON: try the repaired text.
  }
  const jsonrepair = await loadJsonRepair();
  try {
    const repaired = JSON.parse(jsonrepair(candidate)) as JsonValue;
    // jsonrepair reads bare prose as a string: that is not JSON the model meant.
    if (typeof repaired === 'string' && !/^["'`]/.test(candidate)) return NOT_JSON;
    return repaired;
  } catch {
    return NOT_JSON;
  }
}

/** The value, then the reshapings a model's slip may need, each tried against the schema. */
function* variants(value: JsonValue, schema: JsonSchema | undefined): Generator<JsonValue> {
  yield value;
  const type = schema?.type;
  if (type === 'object' && Array.isArray(value) && value.length > 0) {
    yield value[0] as JsonValue;
  }
  if (type === 'array' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    yield [value];
  }
  const unwrapped = unwrapTypedValues(value);
  if (unwrapped !== value) yield unwrapped;
}

/** Replaces every `{"type": …, "value": …}` pair (and nothing else) by its value, recursively. */
function unwrapTypedValues(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = unwrapTypedValues(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && 'type' in value && 'value' in value) {
    return unwrapTypedValues(value.value as JsonValue);
  }
  let changed = false;
  const result: { [key: string]: JsonValue } = {};
  for (const key of keys) {
    const item = value[key] as JsonValue;
    const next = unwrapTypedValues(item);
    if (next !== item) changed = true;
    result[key] = next;
  }
  return changed ? result : value;
}

function primitiveKind(schema: JsonSchema): PrimitiveKind | undefined {
  const type = schema.type;
  return type === 'string' ||
    type === 'number' ||
    type === 'integer' ||
    type === 'boolean' ||
    type === 'null'
    ? type
    : undefined;
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const FENCED = /^```[A-Za-z0-9_+-]*[^\S\n]*\n?([\s\S]*?)\n?```$/;

/** The values a primitive answer may mean, most literal first. */
function primitiveAttempts(text: string, kind: PrimitiveKind): unknown[] {
  if (kind === 'string') {
    const attempts: unknown[] = [text];
    const trimmed = text.trim();
    if (trimmed !== text) attempts.push(trimmed);
    const unfenced = unwrapPrimitive(trimmed);
    if (unfenced !== trimmed) attempts.push(unfenced);
    if (trimmed.startsWith('"')) {
      const value = parseJsonString(trimmed);
      if (value !== undefined) attempts.push(value);
    }
    return attempts;
  }
  const bare = unwrapPrimitive(text.trim());
  switch (kind) {
    case 'number':
    case 'integer':
      return NUMBER.test(bare) ? [Number(bare)] : [];
    case 'boolean': {
      const lower = bare.toLowerCase();
      if (lower === 'true' || lower === '1') return [true];
      if (lower === 'false' || lower === '0') return [false];
      return [];
    }
    case 'null':
      return bare.toLowerCase() === 'null' ? [null] : [];
  }
}

/** A quoted JSON string's value (escapes read), or `undefined` when the text is not one. */
function parseJsonString(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Removes one code fence, then one pair of quotes or backticks, around a short answer. */
function unwrapPrimitive(text: string): string {
  let value = text;
  const fenced = FENCED.exec(value);
  if (fenced !== null) value = (fenced[1] ?? '').trim();
  const first = value[0];
  if (
    value.length >= 2 &&
    (first === '"' || first === "'" || first === '`') &&
    value.at(-1) === first
  ) {
    value = value.slice(1, -1).trim();
  }
  return value;
}

function article(kind: PrimitiveKind): string {
  return kind === 'integer' ? 'an' : 'a';
}
