import { ValidationError } from '../errors/validation-error.js';
import type { ProviderMetadata } from '../json.js';
import { checkContentPart } from './check-content-part.js';
import type { ContentPart } from './content-part.js';
import { copyGeneratedMedia } from './copy-generated-media.js';
import type { CodeExecution } from './media.js';
import { type Message, ROLES, type Role } from './message.js';
import type { ToolCall } from './tool-call.js';

const MAX_JSON_DEPTH = 64;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Checks that `value` is a well-formed `Message` and returns a plain deep copy of it holding only
 * the fields a `Message` has (in a fixed order), ready for `JSON.stringify`: memories store this copy
 * so they never share objects with their callers. `path` names the argument in errors
 * (`messages[2].toolCalls[0].id`). Provider metadata must be plain JSON (finite numbers, no class
 * instances); a `__proto__` key in it is kept as data.
 *
 * @throws ValidationError naming the first bad field.
 */
export function validateMessage(value: unknown, path = 'message'): Message {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(path, 'must be a message object');
  }
  const source = value as Record<string, unknown>;
  const role = source.role;
  if (typeof role !== 'string' || !ROLES.includes(role as Role)) {
    throw new ValidationError(`${path}.role`, `must be one of ${ROLES.join(', ')}`);
  }
  const message: Mutable<Message> = {
    role: role as Role,
    content: copyContent(source.content, `${path}.content`),
  };
  if (source.toolCalls !== undefined) {
    if (role !== 'assistant') {
      throw new ValidationError(`${path}.toolCalls`, 'only assistant messages carry tool calls');
    }
    message.toolCalls = copyToolCalls(source.toolCalls, `${path}.toolCalls`);
  }
  if (role === 'tool' || source.toolCallId !== undefined) {
    if (typeof source.toolCallId !== 'string' || source.toolCallId === '') {
      throw new ValidationError(
        `${path}.toolCallId`,
        'must be the non-empty id of the tool call a tool message answers',
      );
    }
    message.toolCallId = source.toolCallId;
  }
  for (const key of ['name', 'reasoning', 'refusal'] as const) {
    const field = source[key];
    if (field === undefined) continue;
    if (typeof field !== 'string') throw new ValidationError(`${path}.${key}`, 'must be a string');
    message[key] = field;
  }
  if (source.codeExecutions !== undefined) {
    message.codeExecutions = copyCodeExecutions(source.codeExecutions, `${path}.codeExecutions`);
  }
  if (source.media !== undefined) {
    if (role !== 'assistant') {
      throw new ValidationError(`${path}.media`, 'only assistant messages carry generated media');
    }
    message.media = copyGeneratedMedia(source.media, `${path}.media`, copyMetadata);
  }
  if (source.providerMetadata !== undefined) {
    message.providerMetadata = copyMetadata(source.providerMetadata, `${path}.providerMetadata`);
  }
  return message;
}

function copyContent(content: unknown, path: string): string | ContentPart[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) {
    throw new ValidationError(path, 'must be a string or an array of content parts');
  }
  return content.map((part, index) => copyPart(part, `${path}[${index}]`));
}

function copyPart(value: unknown, path: string): ContentPart {
  checkContentPart(value, path);
  const part = value as unknown as Record<string, unknown>;
  const metadata =
    part.providerMetadata === undefined
      ? undefined
      : copyMetadata(part.providerMetadata, `${path}.providerMetadata`);
  if (part.type === 'text') {
    return metadata === undefined
      ? { type: 'text', text: part.text as string }
      : { type: 'text', text: part.text as string, providerMetadata: metadata };
  }
  const hasData = part.data !== undefined;
  const media: Record<string, unknown> = { type: part.type, mimeType: part.mimeType };
  if (hasData) media.data = part.data;
  else media.uri = part.uri;
  if (part.filename !== undefined) media.filename = part.filename;
  if (metadata !== undefined) media.providerMetadata = metadata;
  return media as unknown as ContentPart;
}

function copyToolCalls(value: unknown, path: string): ToolCall[] {
  if (!Array.isArray(value)) throw new ValidationError(path, 'must be an array of tool calls');
  return value.map((call: unknown, index) => {
    const at = `${path}[${index}]`;
    if (call === null || typeof call !== 'object' || Array.isArray(call)) {
      throw new ValidationError(at, 'must be a tool call object');
    }
    const source = call as Record<string, unknown>;
    if (typeof source.id !== 'string' || source.id === '') {
      throw new ValidationError(`${at}.id`, 'must be a non-empty string');
    }
    if (source.type !== 'function') throw new ValidationError(`${at}.type`, 'must be "function"');
    const fn = source.function as Record<string, unknown> | null | undefined;
    if (fn === null || typeof fn !== 'object') {
      throw new ValidationError(`${at}.function`, 'must be { name, arguments }');
    }
    if (typeof fn.name !== 'string' || fn.name === '') {
      throw new ValidationError(`${at}.function.name`, 'must be a non-empty string');
    }
    if (typeof fn.arguments !== 'string') {
      throw new ValidationError(`${at}.function.arguments`, 'must be a JSON string');
    }
    const copy: Mutable<ToolCall> = {
      id: source.id,
      type: 'function',
      function: { name: fn.name, arguments: fn.arguments },
    };
    if (source.providerMetadata !== undefined) {
      copy.providerMetadata = copyMetadata(source.providerMetadata, `${at}.providerMetadata`);
    }
    return copy;
  });
}

function copyCodeExecutions(value: unknown, path: string): CodeExecution[] {
  if (!Array.isArray(value)) throw new ValidationError(path, 'must be an array');
  return value.map((entry: unknown, index) => {
    const at = `${path}[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new ValidationError(at, 'must be a code execution object');
    }
    const source = entry as Record<string, unknown>;
    if (typeof source.language !== 'string') {
      throw new ValidationError(`${at}.language`, 'must be a string');
    }
    if (typeof source.code !== 'string') {
      throw new ValidationError(`${at}.code`, 'must be a string');
    }
    const copy: Mutable<CodeExecution> = { language: source.language, code: source.code };
    for (const key of ['outcome', 'output'] as const) {
      const field = source[key];
      if (field === undefined) continue;
      if (typeof field !== 'string') throw new ValidationError(`${at}.${key}`, 'must be a string');
      copy[key] = field;
    }
    return copy;
  });
}

/**
 * Sets an own, enumerable property, even one named `__proto__` (which plain assignment would turn
 * into a prototype change, silently dropping the key).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** A deep copy of JSON-like provider metadata; anything JSON cannot hold is refused. */
function copyMetadata(value: unknown, path: string): ProviderMetadata {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(path, 'must be an object keyed by provider id');
  }
  return copyJson(value, path, 0) as ProviderMetadata;
}

function copyJson(value: unknown, path: string, depth: number): unknown {
  if (depth > MAX_JSON_DEPTH) throw new ValidationError(path, 'is nested too deeply');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ValidationError(path, 'must hold finite numbers only');
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => copyJson(item, `${path}[${index}]`, depth + 1));
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new ValidationError(path, 'must hold plain JSON values only');
    }
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      setOwn(copy, key, copyJson(item, `${path}.${key}`, depth + 1));
    }
    return copy;
  }
  throw new ValidationError(path, `must hold JSON values only, found a ${typeof value}`);
}
