import type { ChatResponse, ChatStream, StreamEvent, ToolDescription } from '@aigo/ai';
import {
  cutAtRandom,
  loadFixtureBytes,
  piecewiseRoute,
  type RecordedRoute,
  type RecordedServer,
  seededRandom,
  startRecordedServer,
} from '@aigo/testing';
import { type OpenAIOptions, type OpenAIProvider, openai } from '../../src/index.js';

/** The API key every test provider uses; tests assert it never shows up in an error. */
export const TEST_API_KEY = 'sk-test-aigo-0123456789abcdefghijklmnopqrstuv';

/** The URL paths a provider with `baseURL: <server>/v1` calls. */
export const CHAT_PATH = '/v1/chat/completions';
export const RESPONSES_PATH = '/v1/responses';

/** Servers and providers opened by a test file; `closeAll()` in `afterEach` releases them. */
export function createHarness() {
  const servers: RecordedServer[] = [];
  const providers: OpenAIProvider[] = [];
  return {
    async serve(...routes: RecordedRoute[]): Promise<RecordedServer> {
      const server = await startRecordedServer(routes);
      servers.push(server);
      return server;
    },
    provider(server: RecordedServer, options: OpenAIOptions = {}): OpenAIProvider {
      const provider = openai({ baseURL: `${server.url}/v1`, apiKey: TEST_API_KEY, ...options });
      providers.push(provider);
      return provider;
    },
    async closeAll(): Promise<void> {
      await Promise.all(providers.splice(0).map((p) => p.close()));
      await Promise.all(servers.splice(0).map((s) => s.close()));
    },
  };
}

/**
 * A route that sends an SSE body in random-sized pieces (fixed seed), one piece per write and one
 * event-loop turn between writes, so the client sees events and UTF-8 sequences cut anywhere.
 */
export function rechunkedSseRoute(path: string, body: Uint8Array, seed: number): RecordedRoute {
  return piecewiseRoute(path, cutAtRandom(body, seededRandom(seed)));
}

/** A fixture's bytes (SSE fixtures are replayed byte-for-byte). */
export function fixtureBytes(path: string): Uint8Array {
  return loadFixtureBytes(path);
}

/** What reading a whole stream gave: its events, and the response or the error. */
export interface Drained {
  readonly events: StreamEvent[];
  readonly response?: ChatResponse;
  readonly error?: unknown;
}

/** Iterates a stream to its end, keeping the events and the error, if any. */
export async function drain(stream: ChatStream): Promise<Drained> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events, response: await stream.collect() };
}

/** Our `ToolDescription`s for a Chat Completions `tools` array (the inverse of the adapter's mapping). */
export function toolsFromChatWire(tools: unknown): ToolDescription[] {
  return (tools as { function: WireFunction }[]).map((tool) => fromWire(tool.function));
}

/** Our `ToolDescription`s for a Responses `tools` array of function tools. */
export function toolsFromResponsesWire(tools: unknown): ToolDescription[] {
  return (tools as WireFunction[]).map(fromWire);
}

interface WireFunction {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
}

function fromWire(fn: WireFunction): ToolDescription {
  return {
    name: fn.name,
    description: fn.description ?? '',
    parameters: fn.parameters,
    ...(fn.strict === true ? { strict: true } : {}),
  };
}

/** Every string an error exposes (message, body, JSON view, stack, causes). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      parts.push(current.message, current.stack ?? '');
      try {
        parts.push(JSON.stringify(current));
      } catch {
        // a cause that cannot be serialised adds nothing
      }
      parts.push(String((current as { body?: unknown }).body ?? ''));
      current = current.cause;
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join('\n');
}
