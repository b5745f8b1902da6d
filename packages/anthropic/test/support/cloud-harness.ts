/**
 * Helpers of the cloud tests: InvokeModelWithResponseStream bodies for Claude on Bedrock, built from
 * recorded Messages API streams — each SSE event's JSON becomes one `chunk` event (`{"bytes":
 * base64}`) of AWS's event stream, encoded by @smithy/eventstream-codec (built framing, recorded
 * payloads).
 */
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fixtureText } from './harness.js';

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => Buffer.from(text, 'utf8'),
);

/** One event-stream message. */
export function awsMessage(
  kind: 'event' | 'exception',
  type: string,
  payload: unknown,
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

/** The `data:` JSON of each event of a recorded `.sse` fixture. */
export function sseEventData(fixture: string): string[] {
  return fixtureText(fixture)
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter((data) => data !== '');
}

/** A recorded Messages stream as Bedrock streams it for Claude: one `chunk` event per SSE event. */
export function bedrockChunks(fixture: string, extra: readonly Uint8Array[] = []): Uint8Array {
  const messages = sseEventData(fixture).map((data) =>
    awsMessage('event', 'chunk', { bytes: Buffer.from(data, 'utf8').toString('base64') }),
  );
  return Buffer.concat([...messages, ...extra]);
}
