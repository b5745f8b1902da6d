/**
 * Test helpers (not built, not exported): a recorded server with Gemini's routes and a provider
 * pointed at it.
 */
import type { ChatStream, StreamEvent } from '@aigo/ai';
import {
  joinTextDeltas,
  loadFixture,
  type RecordedRoute,
  type RecordedServer,
  startRecordedServer,
} from '@aigo/testing';
import type { GeminiOptions } from '../../src/gemini-options.js';
import { type GeminiProvider, gemini } from '../../src/gemini-provider.js';

/** A key shaped like a real Google key, so redaction by shape and by value are both exercised. */
export const TEST_API_KEY = 'AIzaSyD-test-0123456789abcdefghijklmnopq';

/** `POST /v1beta/models/{model}:generateContent`. */
export const GENERATE_PATH = /^\/v1beta\/models\/[^/]+:generateContent$/;
/** `POST /v1beta/models/{model}:streamGenerateContent` (the query is not part of the path). */
export const STREAM_PATH = /^\/v1beta\/models\/[^/]+:streamGenerateContent$/;

/** A running server and a provider that talks to it; `await using` closes both. */
export interface GeminiTestRig extends AsyncDisposable {
  readonly server: RecordedServer;
  readonly provider: GeminiProvider;
}

/** Starts a recorded server with `routes` and a Gemini provider whose base URL is that server. */
export async function startGeminiRig(
  routes: readonly RecordedRoute[],
  options: GeminiOptions = {},
): Promise<GeminiTestRig> {
  const server = await startRecordedServer(routes);
  const provider = gemini({ apiKey: TEST_API_KEY, baseURL: `${server.url}/v1beta`, ...options });
  return {
    server,
    provider,
    async [Symbol.asyncDispose]() {
      await provider.close();
      await server.close();
    },
  };
}

/** A unary fixture replayed as a one-event SSE stream (`data: <json>\r\n\r\n`, as Google frames it). */
export function sseOfJsonFixture(fixture: string): string {
  return `data: ${JSON.stringify(JSON.parse(loadFixture(fixture)))}\r\n\r\n`;
}

/**
 * Resolves once the server has no open client socket (a stream cut mid-body must leave none; a
 * finished exchange may keep its keep-alive socket, so do not use it there).
 */
export async function noOpenSockets(server: RecordedServer): Promise<void> {
  while (server.openSockets > 0) await server.waitForSocketsClosed();
}

/**
 * Reads a stream to the end, returning its events with back-to-back text deltas joined (the
 * iterator's rejection propagates).
 */
export async function readEvents(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  // How many pieces the text came in depends on how the bytes arrived (a reader that is behind gets
  // queued deltas joined): compare the joined form.
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

/**
 * Reads a stream to the end, returning every event exactly as the adapter produced it (one per
 * delta), as a hook sees them. Call it right after `streamMessage` resolved, before any await.
 */
export async function adapterEvents(stream: ChatStream): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  stream.addHooks({ onEvent: (event) => events.push(event) });
  for await (const _ of stream) {
    // The hook records; the loop only drives the stream.
  }
  return events;
}
