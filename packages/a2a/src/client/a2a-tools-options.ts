import type { AgentCard } from '@a2a-js/sdk';
import type { Observer, ToolMetrics } from '@aigo/ai';
import { checkOptionKeys, ValidationError } from '@aigo/ai';

/** Headers for every request to the agent, or a function giving them (called per request). */
export type A2AHeaders =
  | Readonly<Record<string, string>>
  | (() => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);

/** What `a2aTools` takes: where the agent is (a URL or its card) and how to call it. */
export interface A2AToolsOptions {
  /**
   * The agent's base URL; its card is read from `/.well-known/agent-card.json` under it (or from
   * `cardPath`). One of `url` and `card` is required.
   */
  readonly url?: string;
  /** The agent card itself (A2A 1.0, or a 0.3 card), instead of reading it from `url`. */
  readonly card?: AgentCard | Readonly<Record<string, unknown>>;
  /** Where the card is under `url`. Default `/.well-known/agent-card.json`. */
  readonly cardPath?: string;
  /**
   * Sent with every request to this agent (the card too): `Authorization`, an API key header. Kept
   * out of errors, traces and tool output.
   */
  readonly headers?: A2AHeaders;
  /** The tool's name (1–64 letters, digits, `_`, `-`). Default: the card's name, made to fit. */
  readonly name?: string;
  /** The tool's description for the model. Default: the card's description and its skills. */
  readonly description?: string;
  /**
   * `true`: one tool per skill of the card (besides none for the agent); a list of skill ids: one
   * tool per listed skill. A2A has no skill selector: the skill's id goes in the message's metadata
   * (`skillId`) and its name at the head of the text. Default `false`: one tool for the agent.
   */
  readonly skills?: boolean | readonly string[];
  /** How long one tool call may take, from send to the task's end. Default 300,000 ms (5 minutes). */
  readonly timeoutMs?: number;
  /** How long reading the card may take. Default 30,000 ms. */
  readonly cardTimeoutMs?: number;
  /**
   * Follow tasks by streaming (`true`) or by polling `tasks/get` (`false`). Default: streaming when
   * the card says the agent streams.
   */
  readonly streaming?: boolean;
  /** The interval between two `tasks/get` when polling. Default 1,000 ms. */
  readonly pollIntervalMs?: number;
  /**
   * The observer of the runs that call the tools (the client's): its trace context goes with each
   * request (`traceparent`), so the remote agent's spans nest under the tool's; task status updates
   * are logged to it at debug level.
   */
  readonly observer?: Observer;
  /** Cost of one call, for the run's cost (`ToolMetrics`). */
  readonly metrics?: ToolMetrics;
  /** Stops reading the card. */
  readonly signal?: AbortSignal;
  /** The `fetch` to use. Default: the global one. */
  readonly fetch?: typeof fetch;
}

/** `A2AToolsOptions` checked, with defaults. */
export interface CheckedA2AToolsOptions {
  readonly url: string | undefined;
  readonly card: Readonly<Record<string, unknown>> | undefined;
  readonly cardPath: string | undefined;
  readonly headers: A2AHeaders | undefined;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly skills: boolean | readonly string[];
  readonly timeoutMs: number;
  readonly cardTimeoutMs: number;
  readonly streaming: boolean | undefined;
  readonly pollIntervalMs: number;
  readonly observer: Observer | undefined;
  readonly metrics: ToolMetrics | undefined;
  readonly signal: AbortSignal | undefined;
  readonly fetch: typeof fetch;
}

const KEYS = new Set([
  'url',
  'card',
  'cardPath',
  'headers',
  'name',
  'description',
  'skills',
  'timeoutMs',
  'cardTimeoutMs',
  'streaming',
  'pollIntervalMs',
  'observer',
  'metrics',
  'signal',
  'fetch',
]);

/** A tool name every provider takes. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function positive(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError(`options.${name}`, 'must be a positive number of milliseconds');
  }
  return value;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(`options.${name}`, 'must be a non-empty string');
  }
  return value;
}

function checkUrl(value: unknown): string | undefined {
  const url = optionalString(value, 'url');
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('options.url', 'must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ValidationError('options.url', 'must be an absolute http(s) URL');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new ValidationError('options.url', 'must not carry credentials; use options.headers');
  }
  return url;
}

function checkHeaders(value: unknown): A2AHeaders | undefined {
  if (value === undefined || typeof value === 'function') return value as A2AHeaders | undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('options.headers', 'must be an object of strings or a function');
  }
  for (const [name, header] of Object.entries(value)) {
    if (typeof header !== 'string') {
      throw new ValidationError('options.headers', `header ${name} must be a string`);
    }
  }
  return value as A2AHeaders;
}

function checkSkills(value: unknown): boolean | readonly string[] {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((id) => typeof id === 'string' && id !== '')) {
    return Object.freeze([...value]);
  }
  throw new ValidationError('options.skills', 'must be a boolean or a list of skill ids');
}

/** Checks `a2aTools`' options; throws `ValidationError` naming the first one that is wrong. */
export function checkA2AToolsOptions(options: unknown): CheckedA2AToolsOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object with url or card');
  }
  const o = options as A2AToolsOptions;
  checkOptionKeys(o, KEYS, { owner: 'a2aTools' });
  const url = checkUrl(o.url);
  if (
    o.card !== undefined &&
    (o.card === null || typeof o.card !== 'object' || Array.isArray(o.card))
  ) {
    throw new ValidationError('options.card', 'must be an agent card object');
  }
  if (url === undefined && o.card === undefined) {
    throw new ValidationError('options', 'needs url (the agent’s base URL) or card');
  }
  const name = optionalString(o.name, 'name');
  if (name !== undefined && !TOOL_NAME.test(name)) {
    throw new ValidationError('options.name', 'must be 1–64 letters, digits, _ or -');
  }
  if (o.streaming !== undefined && typeof o.streaming !== 'boolean') {
    throw new ValidationError('options.streaming', 'must be a boolean');
  }
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  if (o.fetch !== undefined && typeof o.fetch !== 'function') {
    throw new ValidationError('options.fetch', 'must be a fetch function');
  }
  if (o.observer !== undefined && (o.observer === null || typeof o.observer !== 'object')) {
    throw new ValidationError('options.observer', 'must be an Observer');
  }
  return {
    url,
    card: o.card as Readonly<Record<string, unknown>> | undefined,
    cardPath: optionalString(o.cardPath, 'cardPath'),
    headers: checkHeaders(o.headers),
    name,
    description: optionalString(o.description, 'description'),
    skills: checkSkills(o.skills),
    timeoutMs: positive(o.timeoutMs, 'timeoutMs', 300_000),
    cardTimeoutMs: positive(o.cardTimeoutMs, 'cardTimeoutMs', 30_000),
    streaming: o.streaming,
    pollIntervalMs: positive(o.pollIntervalMs, 'pollIntervalMs', 1_000),
    observer: o.observer,
    metrics: o.metrics,
    signal: o.signal,
    fetch: o.fetch ?? globalThis.fetch,
  };
}
