/**
 * Test helpers: the package's fixtures, a recorded server answering on `/v1/messages`, and a
 * provider pointed at it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatRequest, StreamEvent, StreamProvider } from '@aigo/ai';
import {
  type FixtureRouteOptions,
  fixtureRoute,
  joinTextDeltas,
  type RecordedRoute,
  type RecordedServer,
  startRecordedServer,
} from '@aigo/testing';
import { type AnthropicOptions, type AnthropicProvider, anthropic } from '../../src/index.js';

/** A key shaped like a real Anthropic key, so redaction by shape and by value are both exercised. */
export const TEST_API_KEY = 'sk-ant-api03-test0123456789abcdefghijklmnopqrstuvwxyz';

/** The Messages API path. */
export const MESSAGES_PATH = '/v1/messages';

/** The absolute path of a fixture of this package. */
export function fixtureFile(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** A fixture's text. */
export function fixtureText(name: string): string {
  return readFileSync(fixtureFile(name), 'utf8');
}

/** A JSON fixture, parsed. */
export function fixtureJson<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

/** A route replaying a fixture of this package (its `.headers.json` status and headers included). */
export function route(
  fixture: string,
  options: Omit<FixtureRouteOptions, 'path' | 'fixture'> = {},
): RecordedRoute {
  return fixtureRoute({ path: MESSAGES_PATH, fixture: fixtureFile(fixture), ...options });
}

/** A running server and a provider that talks to it; `await using` closes both. */
export interface AnthropicRig extends AsyncDisposable {
  readonly server: RecordedServer;
  readonly provider: AnthropicProvider;
}

/** Starts a recorded server with `routes` and an Anthropic provider whose base URL is that server. */
export async function startRig(
  routes: readonly RecordedRoute[],
  options: AnthropicOptions = {},
): Promise<AnthropicRig> {
  const server = await startRecordedServer(routes);
  const provider = anthropic({ apiKey: TEST_API_KEY, baseURL: server.url, ...options });
  return {
    server,
    provider,
    async [Symbol.asyncDispose]() {
      await provider.close();
      await server.close();
    },
  };
}

/** Reads a stream to the end; back-to-back text deltas joined. */
export async function readEvents(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return joinTextDeltas(events);
}

/** The error a promise rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

type Json = Record<string, unknown>;

/** An SSE event as the API writes it. */
export function sseEvent(data: Json): string {
  return `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A whole `message` replayed as the stream the API would have sent for it: `message_start` (empty
 * content, the input counts), each block opened empty and filled by deltas (text, thinking and its
 * signature, tool input as JSON; server-tool results whole in their start), `message_delta` with the
 * stop reason and the whole usage, `message_stop`.
 */
export function messageToSse(message: Json): string {
  const usage = (message.usage ?? {}) as Json;
  const events: string[] = [
    sseEvent({
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
  ];
  (message.content as Json[]).forEach((block, index) => {
    const delta = (d: Json) =>
      events.push(sseEvent({ type: 'content_block_delta', index, delta: d }));
    switch (block.type) {
      case 'text': {
        const { citations, text, ...rest } = block;
        events.push(
          sseEvent({ type: 'content_block_start', index, content_block: { ...rest, text: '' } }),
        );
        for (const citation of (citations as unknown[] | undefined) ?? []) {
          delta({ type: 'citations_delta', citation });
        }
        const whole = String(text);
        const cut = Math.ceil(whole.length / 2);
        delta({ type: 'text_delta', text: whole.slice(0, cut) });
        if (cut < whole.length) delta({ type: 'text_delta', text: whole.slice(cut) });
        break;
      }
      case 'thinking':
        events.push(
          sseEvent({
            type: 'content_block_start',
            index,
            content_block: { type: 'thinking', thinking: '', signature: '' },
          }),
        );
        delta({ type: 'thinking_delta', thinking: String(block.thinking) });
        delta({ type: 'signature_delta', signature: String(block.signature) });
        break;
      case 'tool_use':
      case 'server_tool_use': {
        events.push(
          sseEvent({ type: 'content_block_start', index, content_block: { ...block, input: {} } }),
        );
        const input = JSON.stringify(block.input ?? {});
        delta({ type: 'input_json_delta', partial_json: '' });
        if (input !== '{}') delta({ type: 'input_json_delta', partial_json: input });
        break;
      }
      default:
        events.push(sseEvent({ type: 'content_block_start', index, content_block: block }));
    }
    events.push(sseEvent({ type: 'content_block_stop', index }));
  });
  events.push(
    sseEvent({
      type: 'message_delta',
      delta: {
        stop_reason: message.stop_reason,
        stop_sequence: message.stop_sequence ?? null,
        ...(message.container === undefined ? {} : { container: message.container }),
      },
      usage,
    }),
  );
  events.push(sseEvent({ type: 'message_stop' }));
  return events.join('');
}

/** The body of the `index`-th request the rig's server received (fails when there is none). */
export function sentBody(rig: AnthropicRig, index: number): unknown {
  const request = rig.server.requests[index];
  if (request === undefined) throw new Error(`no request ${index}`);
  return request.body;
}

/**
 * A provider that records each request a client hands it (as the client built it, before the
 * adapter turns it into a body) and passes everything on to `provider`.
 */
export function recordingProvider(provider: AnthropicProvider): {
  readonly provider: StreamProvider;
  readonly requests: ChatRequest[];
} {
  const requests: ChatRequest[] = [];
  return {
    requests,
    provider: {
      id: provider.id,
      sendMessage: (request, options) => {
        requests.push(request);
        return provider.sendMessage(request, options);
      },
      streamMessage: (request, options) => {
        requests.push(request);
        return provider.streamMessage(request, options);
      },
      modelLimits: (model) => provider.modelLimits(model),
      countTokens: (request, options) => provider.countTokens(request, options),
    },
  };
}
