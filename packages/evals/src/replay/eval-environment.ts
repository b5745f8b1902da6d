import { join } from 'node:path';
import { type Tool, ValidationError } from '@aigo/ai';
import type { RecordingProxy } from '@aigo/testing/recording';
import {
  readRecordingFile,
  type TimingsFile,
  type ToolRecordingFile,
  writeRecordingFile,
} from './recording-files.js';
import { ToolRecorder } from './tool-recorder.js';

/** How an experiment reaches models and tools: for real, recording, or from a recording. */
export type EvalMode = 'live' | 'record' | 'replay';

/** What to spread into a provider's options: its base URL, and its API key when one is needed. */
export interface ProviderEndpoint {
  readonly baseURL: string;
  readonly apiKey?: string;
}

/** Options of `env.endpoint`. */
export interface EndpointOptions {
  /** The environment variable holding the API key (live and record modes). */
  readonly apiKeyVariable?: string;
  /**
   * The upstream's name in the recording: its requests are filed under `/<name>/…`. Default: the
   * upstream's host name and path (`api.openai.com-v1`). Give one when the URL differs between
   * recording and replaying (a local stand-in on a random port).
   */
  readonly name?: string;
}

/**
 * What an experiment's task factory gets, to build its target so that model traffic and tool
 * calls go through the experiment's recording (`record`), come from it (`replay`), or go straight
 * to the real thing (`live`).
 */
export interface EvalEnvironment {
  readonly mode: EvalMode;
  /**
   * The base URL and key to give a provider for `upstream` (its real base URL, such as
   * `https://api.openai.com/v1`): `live`, the upstream itself and the key in `options.apiKeyVariable`;
   * `record`, the local recording proxy (which forwards to the upstream once); `replay`, the local
   * replay server and a placeholder key — no real key is needed or sent.
   *
   * @example
   * openai({ ...env.endpoint('https://api.openai.com/v1', { apiKeyVariable: 'OPENAI_API_KEY' }), api: 'chat', prices: 'openai' })
   */
  endpoint(upstream: string, options?: EndpointOptions): ProviderEndpoint;
  /** The tools, with their calls recorded (`record`) or replayed by run and arguments (`replay`). */
  tools<T extends readonly Tool[]>(tools: T): T;
}

/** The placeholder key a replaying provider gets. */
export const REPLAY_API_KEY = 'aigo-replay';

/** An opened environment: the `EvalEnvironment` plus what the experiment needs to finish it. */
export interface OpenedEnvironment {
  readonly environment: EvalEnvironment;
  /** A run's latency: the recorded one when there is one (replay, record-through), else `measured`. */
  latency(runId: string, measured: number): number;
  /** Requests and tool calls a replay had no recording of. */
  misses(): { readonly models: number; readonly tools: number };
  /** Saves what was recorded (record mode) and closes the proxy. */
  close(): Promise<void>;
}

const LIVE: OpenedEnvironment = Object.freeze({
  environment: Object.freeze({
    mode: 'live' as const,
    endpoint: (upstream: string, options?: EndpointOptions) => {
      checkUpstream(upstream);
      const { apiKeyVariable } = checkEndpointOptions(options);
      const apiKey = apiKeyVariable === undefined ? undefined : process.env[apiKeyVariable];
      return apiKey === undefined || apiKey === ''
        ? { baseURL: upstream }
        : { baseURL: upstream, apiKey };
    },
    tools: <T extends readonly Tool[]>(tools: T) => tools,
  }),
  latency: (_runId: string, measured: number) => measured,
  misses: () => ({ models: 0, tools: 0 }),
  close: async () => undefined,
});

/**
 * Opens the environment of an experiment: `live` costs nothing; `record` and `replay` start the
 * recording proxy of `@aigo/testing` on the folder's `models/` and load its `tools.json` and
 * `timings.json`.
 */
export async function openEnvironment(
  mode: EvalMode,
  directory: string | undefined,
): Promise<OpenedEnvironment> {
  if (mode === 'live' || directory === undefined) return LIVE;
  const { startRecordingProxy } = await import('@aigo/testing/recording');
  const toolsFile = join(directory, 'tools.json');
  const timingsFile = join(directory, 'timings.json');
  const tools = await readRecordingFile<ToolRecordingFile>(toolsFile, 'aigo.eval-tools');
  const timings = await readRecordingFile<TimingsFile>(timingsFile, 'aigo.eval-timings');
  const proxy: RecordingProxy = await startRecordingProxy({
    directory: join(directory, 'models'),
    mode: mode === 'record' ? 'record-through' : 'replay',
  });
  const recorder = new ToolRecorder(mode, tools?.runs ?? {});
  const recordedTimings = new Map(Object.entries(timings?.runs ?? {}));
  // Names by upstream URL: the host without its port and the path, numbered in the order first
  // seen when two URLs share one — so a stand-in server on another port replays the same recording.
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const nameOf = (url: URL): string => {
    const known = names.get(url.href);
    if (known !== undefined) return known;
    const base = upstreamName(url);
    let name = base;
    for (let index = 2; taken.has(name); index++) name = `${base}-${index}`;
    names.set(url.href, name);
    taken.add(name);
    return name;
  };
  const environment: EvalEnvironment = Object.freeze({
    mode,
    endpoint: (upstream: string, options?: EndpointOptions) => {
      const url = checkUpstream(upstream);
      const { apiKeyVariable, name } = checkEndpointOptions(options);
      const baseURL = proxy.addUpstream(name ?? nameOf(url), upstream);
      if (mode === 'replay') return { baseURL, apiKey: REPLAY_API_KEY };
      const apiKey = apiKeyVariable === undefined ? undefined : process.env[apiKeyVariable];
      return apiKey === undefined || apiKey === '' ? { baseURL } : { baseURL, apiKey };
    },
    tools: <T extends readonly Tool[]>(list: T) => {
      if (!Array.isArray(list)) throw new ValidationError('tools', 'must be an array of tools');
      return Object.freeze(list.map((tool) => recorder.wrap(tool))) as unknown as T;
    },
  });
  return {
    environment,
    latency(runId, measured) {
      const recorded = recordedTimings.get(runId);
      if (recorded !== undefined) return recorded;
      if (mode === 'record') recordedTimings.set(runId, measured);
      return measured;
    },
    misses: () => ({ models: proxy.misses.length, tools: recorder.misses }),
    async close() {
      await proxy.close();
      if (mode !== 'record') return;
      await writeRecordingFile(toolsFile, {
        format: 'aigo.eval-tools',
        version: 1,
        runs: recorder.runs(),
      });
      await writeRecordingFile(timingsFile, {
        format: 'aigo.eval-timings',
        version: 1,
        runs: Object.fromEntries(recordedTimings),
      });
    },
  };
}

function checkEndpointOptions(options: EndpointOptions | undefined): EndpointOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (key !== 'apiKeyVariable' && key !== 'name') {
      throw new ValidationError(`options.${key}`, 'is not an option of endpoint');
    }
  }
  if (options.apiKeyVariable !== undefined && !/^[A-Za-z_]\w*$/.test(options.apiKeyVariable)) {
    throw new ValidationError('options.apiKeyVariable', 'must be an environment variable name');
  }
  if (options.name !== undefined && !/^[\w.-]{1,100}$/.test(options.name)) {
    throw new ValidationError('options.name', 'must be 1-100 letters, digits, ".", "_" or "-"');
  }
  return options;
}

function checkUpstream(upstream: string): URL {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch (error) {
    throw new ValidationError(
      'upstream',
      'must be the provider API base URL, such as https://api.openai.com/v1',
      {
        cause: error,
      },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError('upstream', 'must be an http(s) URL');
  }
  return url;
}

/** The proxy's name of an upstream: its host name and path, `api.openai.com-v1`. */
export function upstreamName(url: URL): string {
  const name = `${url.hostname}${url.pathname}`
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return name === '' ? 'upstream' : name;
}
