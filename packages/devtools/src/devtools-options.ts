import { type Agent, checkOptionKeys, type RunStore, ValidationError } from '@aigo/ai';
import {
  type ResolvedServerOptions,
  resolveServerOptions,
  SERVER_OPTION_NAMES,
  type ServerOptions,
} from '@aigo/http';

/** The default of `maxBodyBytes` for the devtools: 64 KiB (decisions are small JSON objects). */
export const DEVTOOLS_MAX_BODY_BYTES = 64 * 1024;

/**
 * Options of `devtools()` — with the limits of every aigo server (`ServerOptions` of
 * `@aigo/http`): `allowedHosts`, `allowedOrigins`, `maxBodyBytes` (default 64 KiB),
 * `headersTimeoutMs`, `requestTimeoutMs`, `keepAliveTimeoutMs`. Not `authorize`: the devtools'
 * own token decides who may use them.
 */
export interface DevtoolsOptions extends Omit<ServerOptions, 'authorize' | 'allowUnauthenticated'> {
  /** The port on 127.0.0.1. Default 0: a free one. The server never listens elsewhere. */
  readonly port?: number;
  /**
   * Keep message content (prompts, answers, tool arguments and results) and show it. Content is
   * personal data: off by default, when the page shows counts only — whatever another observer
   * combined with the devtools asks for.
   */
  readonly captureContent?: boolean;
  /** Runs kept in memory; the oldest finished one is dropped past it. Default 100. */
  readonly maxRuns?: number;
  /** Spans kept per run (later ones are counted). Default 5,000. */
  readonly maxSpansPerRun?: number;
  /** Start even when `NODE_ENV` is `production`. Default false: refuse. */
  readonly force?: boolean;
  /**
   * Where the page's address is printed, and a line for each request the server refused (never its
   * body, query or token). Default: standard error. `false`: nowhere (read `url`).
   */
  readonly print?: false | ((line: string) => void);
  /** Aborting it closes the server. */
  readonly signal?: AbortSignal;
  /** The environment `NODE_ENV` is read from. Default `process.env`. */
  readonly env?: { readonly NODE_ENV?: string | undefined };
  /**
   * Where suspended runs wait: a `RunStore` of `@aigo/ai` (`inMemoryRunStore()` of `@aigo/client`,
   * `pgRunStore()` of `@aigo/memory-pg`) — give the agents the same one. Its `load` is used. With `agents` too, a suspended run's approvals get
   * approve / refuse buttons that resume it; otherwise they are shown read-only.
   */
  readonly runStore?: RunStore;
  /**
   * The agents that may resume runs from the page, found by the suspended run's agent name. The
   * array is read when a decision arrives, not copied: an agent whose client observes through these
   * devtools can only be built after `devtools()` resolves, so pass an array and push it in then.
   */
  readonly agents?: readonly Agent[];
}

/** {@link DevtoolsOptions} checked, with defaults. */
export interface ResolvedDevtoolsOptions {
  readonly port: number;
  readonly captureContent: boolean;
  readonly maxRuns: number;
  readonly maxSpansPerRun: number;
  readonly print: false | ((line: string) => void);
  readonly signal: AbortSignal | undefined;
  /** Both given: runs can be resumed from the page. */
  readonly resume: { readonly runStore: RunStore; readonly agents: readonly Agent[] } | undefined;
  /** Hosts, origins, body limit and timeouts. */
  readonly server: ResolvedServerOptions;
}

const OPTION_NAMES = new Set([
  'port',
  'captureContent',
  'maxRuns',
  'maxSpansPerRun',
  'force',
  'print',
  'signal',
  'env',
  'runStore',
  'agents',
  ...SERVER_OPTION_NAMES.filter((name) => name !== 'authorize' && name !== 'allowUnauthenticated'),
]);

/**
 * Checks the options and refuses production.
 *
 * @throws ValidationError naming the argument that is wrong, or `options.force` under
 *   `NODE_ENV=production`.
 */
export function resolveDevtoolsOptions(options: DevtoolsOptions): ResolvedDevtoolsOptions {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  checkOptionKeys(options, OPTION_NAMES, { owner: 'devtools()' });
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ValidationError('options.port', 'must be an integer from 0 (a free port) to 65535');
  }
  const captureContent = options.captureContent ?? false;
  if (typeof captureContent !== 'boolean') {
    throw new ValidationError('options.captureContent', 'must be a boolean');
  }
  const maxRuns = positive(options.maxRuns ?? 100, 'options.maxRuns');
  const maxSpansPerRun = positive(options.maxSpansPerRun ?? 5000, 'options.maxSpansPerRun');
  const force = options.force ?? false;
  if (typeof force !== 'boolean') throw new ValidationError('options.force', 'must be a boolean');
  const print = options.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (print !== false && typeof print !== 'function') {
    throw new ValidationError('options.print', 'must be false or a function');
  }
  const signal = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  const env = options.env ?? process.env;
  if (env === null || typeof env !== 'object') {
    throw new ValidationError('options.env', 'must be an object');
  }
  if (env.NODE_ENV === 'production' && !force) {
    throw new ValidationError(
      'options.force',
      'the devtools do not start when NODE_ENV is "production" (they show what the application does); pass force: true to start them anyway',
    );
  }
  const runStore = options.runStore;
  if (
    runStore !== undefined &&
    (runStore === null || typeof runStore !== 'object' || typeof runStore.load !== 'function')
  ) {
    throw new ValidationError('options.runStore', 'must be a RunStore (with load)');
  }
  const agents = options.agents;
  if (agents !== undefined) {
    if (!Array.isArray(agents)) throw new ValidationError('options.agents', 'must be an array');
    agents.forEach((agent: Agent, index) => {
      if (
        agent === null ||
        typeof agent !== 'object' ||
        typeof agent.name !== 'string' ||
        typeof agent.resume !== 'function'
      ) {
        throw new ValidationError(`options.agents[${index}]`, 'must be an Agent (name, resume)');
      }
    });
  }
  const resume = runStore === undefined || agents === undefined ? undefined : { runStore, agents };
  const server = resolveServerOptions(options, {
    argument: 'options',
    host: '127.0.0.1',
    maxBodyBytes: DEVTOOLS_MAX_BODY_BYTES,
  });
  return { port, captureContent, maxRuns, maxSpansPerRun, print, signal, resume, server };
}

function positive(value: number, argument: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new ValidationError(argument, 'must be a positive integer');
  }
  return value;
}
