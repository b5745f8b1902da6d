/**
 * Test helpers: the package's fixtures, ConverseStream bodies built from recorded JSON events with
 * `@smithy/eventstream-codec`'s encoder, routes on the Converse paths, and a provider pointed at a
 * recorded server.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StreamEvent } from '@aigo/ai';
import {
  fixtureRoute,
  joinTextDeltas,
  type RecordedRoute,
  type RecordedServer,
  startRecordedServer,
} from '@aigo/testing';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { type BedrockOptions, type BedrockProvider, bedrock } from '../../src/index.js';

/** An access key id shaped like AWS's, and a secret the tests check never leaks. */
export const TEST_ACCESS_KEY_ID = 'AKIAIOSFODNN7TESTKEY';
export const TEST_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYTESTSECRETKEY';

/** Converse and ConverseStream paths, whatever the model. */
export const CONVERSE_PATH = /^\/model\/[^/]+\/converse$/;
export const CONVERSE_STREAM_PATH = /^\/model\/[^/]+\/converse-stream$/;
/** Both: error answers are the same for either call. */
export const ANY_CONVERSE_PATH = /^\/model\/[^/]+\/converse(?:-stream)?$/;

export function fixtureFile(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

export function fixtureText(name: string): string {
  return readFileSync(fixtureFile(name), 'utf8');
}

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => Buffer.from(text, 'utf8'),
);

/** One event-stream message: an event with a JSON payload, or an exception. */
export function eventMessage(
  type: string,
  payload: unknown,
  kind: 'event' | 'exception' = 'event',
): Uint8Array {
  return codec.encode({
    headers: {
      ':message-type': { type: 'string', value: kind },
      [kind === 'event' ? ':event-type' : ':exception-type']: { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: Buffer.from(JSON.stringify(payload), 'utf8'),
  });
}

/** A ConverseStream body and where each of its messages ends. */
export interface EventStreamBody {
  readonly bytes: Uint8Array;
  readonly ends: readonly number[];
}

/**
 * A ConverseStream body built from `{ "<eventType>": payload }` lines (a `.chunks.jsonl` fixture),
 * each encoded as one event-stream message by `@smithy/eventstream-codec`.
 */
export function eventStreamBody(lines: string | readonly Uint8Array[]): EventStreamBody {
  const messages =
    typeof lines === 'string'
      ? lines
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => {
            const [type, payload] = Object.entries(JSON.parse(line) as object)[0] as [
              string,
              unknown,
            ];
            return eventMessage(type, payload);
          })
      : lines;
  const ends: number[] = [];
  let total = 0;
  for (const message of messages) {
    total += message.length;
    ends.push(total);
  }
  return { bytes: Buffer.concat(messages), ends };
}

/** A route answering ConverseStream with `body`, as Bedrock does (status 200, the event-stream type). */
export function streamRoute(
  body: EventStreamBody | Uint8Array,
  extra: Partial<RecordedRoute> = {},
): RecordedRoute {
  return {
    path: CONVERSE_STREAM_PATH,
    headers: {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-requestid': 'f3b3c1d2-0000-4000-8000-00000000stream',
    },
    body: body instanceof Uint8Array ? body : body.bytes,
    ...extra,
  };
}

/** A ConverseStream route from a `.chunks.jsonl` fixture. */
export function streamFixtureRoute(
  name: string,
  extra: Partial<RecordedRoute> = {},
): RecordedRoute {
  return streamRoute(eventStreamBody(fixtureText(name)), extra);
}

/** A Converse route replaying a JSON fixture (its `.headers.json` status and headers included). */
export function route(
  name: string,
  extra: { status?: number; headers?: Record<string, string> } = {},
): RecordedRoute {
  return fixtureRoute({
    path: name.startsWith('error-') ? ANY_CONVERSE_PATH : CONVERSE_PATH,
    fixture: fixtureFile(name),
    headers: { 'x-amzn-requestid': 'f3b3c1d2-0000-4000-8000-00000000000a', ...extra.headers },
    ...(extra.status === undefined ? {} : { status: extra.status }),
  });
}

/** A running server and a provider signing with the test credentials; `await using` closes both. */
export interface BedrockRig extends AsyncDisposable {
  readonly server: RecordedServer;
  readonly provider: BedrockProvider;
}

export async function startRig(
  routes: readonly RecordedRoute[],
  options: BedrockOptions = {},
): Promise<BedrockRig> {
  const server = await startRecordedServer(routes);
  const provider = bedrock({
    region: 'us-east-1',
    baseURL: server.url,
    credentials: { accessKeyId: TEST_ACCESS_KEY_ID, secretAccessKey: TEST_SECRET_ACCESS_KEY },
    ...options,
  });
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
  throw new Error('expected a rejection');
}

type Json = Record<string, unknown>;

/**
 * The ConverseStream events Bedrock sends for a Converse answer (built from the answer, one delta
 * per block), for the check that `collect()` equals `sendMessage()`.
 */
export function converseToStreamLines(answer: Json): string {
  const message = (answer.output as Json).message as Json;
  const lines: Json[] = [{ messageStart: { role: message.role } }];
  (message.content as Json[]).forEach((block, index) => {
    const at = { contentBlockIndex: index };
    if (typeof block.text === 'string') {
      lines.push({ contentBlockDelta: { ...at, delta: { text: block.text } } });
    } else if (block.toolUse !== undefined) {
      const { toolUseId, name, input } = block.toolUse as Json;
      lines.push({ contentBlockStart: { ...at, start: { toolUse: { toolUseId, name } } } });
      lines.push({
        contentBlockDelta: { ...at, delta: { toolUse: { input: JSON.stringify(input) } } },
      });
    } else if (block.reasoningContent !== undefined) {
      const { text, signature } = (block.reasoningContent as Json).reasoningText as Json;
      lines.push({ contentBlockDelta: { ...at, delta: { reasoningContent: { text } } } });
      lines.push({ contentBlockDelta: { ...at, delta: { reasoningContent: { signature } } } });
    }
    lines.push({ contentBlockStop: at });
  });
  lines.push({ messageStop: { stopReason: answer.stopReason } });
  lines.push({
    metadata: {
      usage: answer.usage,
      ...(answer.metrics === undefined ? {} : { metrics: answer.metrics }),
      ...(answer.trace === undefined ? {} : { trace: answer.trace }),
    },
  });
  return lines.map((line) => JSON.stringify(line)).join('\n');
}
