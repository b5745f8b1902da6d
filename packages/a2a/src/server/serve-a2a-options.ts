import type { TaskStore } from '@a2a-js/sdk/server';
import {
  type A2ARequest,
  type Agent,
  type ContentPart,
  type ConversationMemory,
  type JsonObject,
  type MemoryStore,
  type Observer,
  type Prompt,
  type Span,
  ValidationError,
} from '@aigo/ai';
import {
  type ResolvedServerOptions,
  resolveServerOptions,
  SERVER_OPTION_NAMES,
  type ServerOptions,
} from '@aigo/http';
import type { A2ARunStore } from './run-store.js';

/**
 * An agent `serveA2A` serves: any agent of `@aigo/ai`'s `Agent` contract. `resumeStream` is
 * optional (a `createReAct` agent has none yet): without it a run never waits for input.
 */
export type ServableAgent<T = unknown> = Pick<
  Agent<T>,
  'name' | 'description' | 'toolDescriptions' | 'executeStream'
> &
  Partial<Pick<Agent<T>, 'resumeStream'>>;

/** How a served agent answers a message that starts no task of the caller's: see `replyAs`. */
export type A2AReplyAs = 'task' | 'message' | 'auto';

/** What `answerMetadata` gets: the run's typed result (a handler's reply) and the request. */
export interface A2AAnswer {
  readonly result: unknown;
  readonly request: A2ARequest;
}

/** What a message handler gets besides the message. */
export interface A2AHandlerContext {
  /** The request: message id, context, task, referenced tasks, metadata, the caller's principal. */
  readonly a2a: A2ARequest;
  /** The A2A context of the conversation. */
  readonly contextId: string;
  /** Aborted when the server closes or the client goes away. */
  readonly signal: AbortSignal;
  /** The conversation's memory, when the server has a memory store. */
  readonly memory: ConversationMemory | undefined;
  /** The caller's span, continued from the request's trace context, when there is one. */
  readonly span: Span | undefined;
}

/** A plain function of a message, served as an agent that answers with a message (no task). */
export type A2AMessageHandler = (
  prompt: Prompt,
  context: A2AHandlerContext,
) => string | readonly ContentPart[] | Promise<string | readonly ContentPart[]>;

/** The default of `maxBodyBytes` for `serveA2A`: 1 MiB. */
export const A2A_MAX_BODY_BYTES = 1024 * 1024;

/**
 * What `serveA2A` takes besides the agent — with the options of every aigo server
 * (`ServerOptions` of `@aigo/http`): `allowedHosts`, `allowedOrigins`, `authorize` (the card stays
 * public), `allowUnauthenticated`, `maxBodyBytes` (default 1 MiB), `headersTimeoutMs`,
 * `requestTimeoutMs`, `keepAliveTimeoutMs`.
 */
export interface ServeA2AOptions extends ServerOptions {
  /** The port to listen on; `0` (the default) picks a free one. */
  readonly port?: number;
  /**
   * The address to bind. Default `127.0.0.1`, which only programs on this machine reach (and, of
   * web pages, only those the Host and Origin checks let through). Any other address needs
   * `authorize` — or `allowUnauthenticated: true`, when anyone who reaches it may use the agent.
   */
  readonly host?: string;
  /** The URL clients reach the server at, when it is not `http://host:port` (behind a proxy). */
  readonly publicUrl?: string;
  /** The agent's name on its card. Default: the agent's; required for a handler function. */
  readonly name?: string;
  /** The agent's description on its card. Default: the agent's. */
  readonly description?: string;
  /** The agent's version on its card. Default `1.0.0`. */
  readonly version?: string;
  /** Who runs the agent, for the card. */
  readonly provider?: { readonly organization: string; readonly url: string };
  /**
   * Conversations by A2A context id (`inMemoryMemoryStore()` of `@aigo/client`, `pgMemoryStore` of
   * `@aigo/memory-pg`): each message runs with the memory of its context. Without one, each message
   * runs without memory.
   */
  readonly memory?: MemoryStore;
  /** Where tasks are kept: `InMemoryTaskStore` of the SDK by default; `pgTaskStore` of `@aigo/a2a/pg`. */
  readonly taskStore?: TaskStore;
  /**
   * Where runs waiting for input are kept, by task id: a `RunStore` of `@aigo/ai`
   * (`inMemoryRunStore()` of `@aigo/client`, `pgRunStore()` of `@aigo/memory-pg`) — give the agent the
   * same one, so it claims each run before resuming it — or any object with its `save`, `load` and
   * `delete`. Default: in this process.
   */
  readonly runStore?: A2ARunStore;
  /**
   * The observer the agent runs with (its client's): the request's trace context (`traceparent`) is
   * read with it, so the agent's spans nest under the caller's.
   */
  readonly observer?: Observer;
  /**
   * A2A 0.3 clients, through the SDK's compatibility layer. By default they are served, and the
   * card is the A2A 1.0 one unless a request asks for 0.3 (`A2A-Version: 0.3`). `true` serves them
   * and gives the 0.3 card (with the 1.0 fields beside) to a request that names no version, as 0.3
   * clients send; `false` serves A2A 1.0 only.
   */
  readonly legacy?: boolean;
  /** Passed to the agent's tools as `ctx.context`. */
  readonly context?: unknown;
  /**
   * How the agent answers a message that continues no task: `'task'` (the default) always with a
   * task; `'message'` with an agent message (the answer's parts, the tools' media) — a task only
   * when the run waits for input or fails; `'auto'` with a message when the run ends in one step
   * without tools or a wait, a task otherwise. A message answering a task is always answered in it.
   */
  readonly replyAs?: A2AReplyAs;
  /**
   * The metadata of the answer (the `answer` artifact's, or the reply message's), from the result
   * and the request; `undefined` for none.
   */
  readonly answerMetadata?: (answer: A2AAnswer) => JsonObject | undefined;
}

/** The options checked, with defaults. */
export interface CheckedServeOptions {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string | undefined;
  readonly name: string;
  readonly description: string | undefined;
  readonly version: string;
  readonly provider: { readonly organization: string; readonly url: string } | undefined;
  readonly memory: MemoryStore | undefined;
  readonly taskStore: TaskStore | undefined;
  readonly runStore: A2ARunStore | undefined;
  readonly observer: Observer | undefined;
  /** Whether 0.3 clients are served. */
  readonly legacy: boolean;
  /** Whether a card request that names no version gets the 0.3 card. */
  readonly legacyCard: boolean;
  /** Host, Origin, authorization, limits and timeouts. */
  readonly server: ResolvedServerOptions;
  readonly context: unknown;
  readonly replyAs: A2AReplyAs;
  readonly answerMetadata: ((answer: A2AAnswer) => JsonObject | undefined) | undefined;
}

const REPLY_AS = new Set(['task', 'message', 'auto']);

const KEYS = new Set([
  'port',
  'host',
  'publicUrl',
  'name',
  'description',
  'version',
  'provider',
  'memory',
  'taskStore',
  'runStore',
  'observer',
  'legacy',
  'context',
  'replyAs',
  'answerMetadata',
  ...SERVER_OPTION_NAMES,
]);

function text(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(`options.${name}`, 'must be a non-empty string');
  }
  return value;
}

function object(value: unknown, name: string, methods: readonly string[]): void {
  if (value === undefined) return;
  if (
    value === null ||
    typeof value !== 'object' ||
    methods.some((m) => typeof (value as Record<string, unknown>)[m] !== 'function')
  ) {
    throw new ValidationError(`options.${name}`, `must have ${methods.join(', ')}`);
  }
}

/** Checks the agent and `serveA2A`'s options; throws `ValidationError` naming what is wrong. */
export function checkServeOptions(agent: unknown, options: unknown): CheckedServeOptions {
  const isHandler = typeof agent === 'function';
  if (!isHandler) {
    const a = agent as Partial<ServableAgent> | null;
    if (a === null || typeof a !== 'object' || typeof a.executeStream !== 'function') {
      throw new ValidationError(
        'agent',
        'must be an agent (with executeStream) or a function of a message',
      );
    }
    if (typeof a.name !== 'string' || a.name === '')
      throw new ValidationError('agent', 'has no name');
  }
  if (
    options !== undefined &&
    (options === null || typeof options !== 'object' || Array.isArray(options))
  ) {
    throw new ValidationError('options', 'must be an object');
  }
  const o = (options ?? {}) as ServeA2AOptions;
  for (const key of Object.keys(o)) {
    if (!KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option of serveA2A');
  }
  const port = o.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ValidationError('options.port', 'must be an integer from 0 to 65535');
  }
  const publicUrl = text(o.publicUrl, 'publicUrl');
  if (publicUrl !== undefined && !URL.canParse(publicUrl)) {
    throw new ValidationError('options.publicUrl', 'must be an absolute URL');
  }
  const name = text(o.name, 'name') ?? (isHandler ? undefined : (agent as ServableAgent).name);
  if (name === undefined)
    throw new ValidationError('options.name', 'is required to serve a function');
  if (
    o.provider !== undefined &&
    (typeof o.provider?.organization !== 'string' || typeof o.provider.url !== 'string')
  ) {
    throw new ValidationError('options.provider', 'must be { organization, url }');
  }
  object(o.memory, 'memory', ['conversation']);
  object(o.taskStore, 'taskStore', ['save', 'load', 'list']);
  object(o.runStore, 'runStore', ['save', 'load', 'delete']);
  if (o.observer !== undefined && (o.observer === null || typeof o.observer !== 'object')) {
    throw new ValidationError('options.observer', 'must be an Observer');
  }
  if (o.legacy !== undefined && typeof o.legacy !== 'boolean') {
    throw new ValidationError('options.legacy', 'must be a boolean');
  }
  if (o.replyAs !== undefined && !REPLY_AS.has(o.replyAs)) {
    throw new ValidationError('options.replyAs', "must be 'task', 'message' or 'auto'");
  }
  if (o.answerMetadata !== undefined && typeof o.answerMetadata !== 'function') {
    throw new ValidationError('options.answerMetadata', 'must be a function');
  }
  const host = text(o.host, 'host') ?? '127.0.0.1';
  return {
    port,
    host,
    publicUrl,
    name,
    description:
      text(o.description, 'description') ??
      (isHandler ? undefined : ((agent as ServableAgent).description ?? undefined)),
    version: text(o.version, 'version') ?? '1.0.0',
    provider: o.provider,
    memory: o.memory,
    taskStore: o.taskStore,
    runStore: o.runStore,
    observer: o.observer,
    legacy: o.legacy ?? true,
    legacyCard: o.legacy === true,
    server: resolveServerOptions(o, {
      argument: 'options',
      host,
      maxBodyBytes: A2A_MAX_BODY_BYTES,
    }),
    context: o.context,
    replyAs: o.replyAs ?? 'task',
    answerMetadata: o.answerMetadata,
  };
}
