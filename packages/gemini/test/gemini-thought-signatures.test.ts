/**
 * Thought signatures on every kind of part survive a round trip: an answer read by `sendMessage` or
 * by a stream, stored as the assistant message (through JSON and `validateMessage`, as a memory
 * stores it), goes back on the next turn part for part — each signature on the part that carried
 * it. Recorded-server tests; the fixtures and their provenance are in `test/fixtures/README.md`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type ChatResponse,
  type Message,
  toAssistantMessage,
  toolMessage,
  userMessage,
  validateMessage,
} from '@aigo/ai';
import { fixtureRoute, loadFixture } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import type { GeminiPart, GeminiResponse } from '../src/wire/gemini-api.js';
import { GENERATE_PATH, STREAM_PATH, startGeminiRig } from './support/test-gemini-server.js';

/** A fixture of this package (`test/fixtures/`), as an absolute path for `fixtureRoute`. */
const own = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

interface Row {
  /** The kinds of signed part the row covers. */
  readonly kind: string;
  /** The `generateContent` body (`gemini/…`: `@aigo/testing`'s recordings; else this package's). */
  readonly send: string;
  /** The `streamGenerateContent` body, and its format when it is not SSE. */
  readonly stream: string;
  readonly streamFormat?: 'json-array';
}

const rows: readonly Row[] = [
  { kind: 'text', send: 'gemini/text-thought-signature.json', stream: 'stream-text-signed.sse' },
  {
    kind: 'empty text part at the end',
    send: 'text-empty-signed-part.json',
    stream: 'gemini/stream-json-array-no-alt-sse.json',
    streamFormat: 'json-array',
  },
  { kind: 'thought', send: 'thought-signed.json', stream: 'stream-thought-signed.sse' },
  {
    kind: 'function call',
    send: 'gemini/function-call.json',
    stream: 'gemini/stream-function-call-thought-signature.sse',
  },
  {
    kind: 'parallel function calls (first signed), after a thought',
    send: 'gemini/function-calls-parallel.json',
    stream: 'gemini/stream-function-call-thought-signature.sse',
  },
  {
    kind: 'thought, then a signed function call',
    send: 'gemini/thinking-function-call-thought-signature.json',
    stream: 'gemini/stream-function-call-thought-signature.sse',
  },
  {
    kind: 'executableCode, codeExecutionResult, text',
    send: 'code-execution-signed.json',
    stream: 'stream-code-execution-signed.sse',
  },
  {
    kind: 'toolCall, toolResponse (server-side tools), functionCall',
    send: 'server-tool-invocations.json',
    stream: 'stream-server-tool-invocations.sse',
  },
  {
    kind: 'inlineData (generated image), text',
    send: 'image-signed.json',
    stream: 'stream-image-signed.sse',
  },
];

const path = (fixture: string) => (fixture.startsWith('gemini/') ? fixture : own(fixture));

/** The chunks of a fixture: one body, a JSON array of chunks, or the `data:` events of an SSE body. */
function chunksOf(fixture: string): GeminiResponse[] {
  const text = fixture.startsWith('gemini/')
    ? loadFixture(fixture)
    : readFileSync(own(fixture), 'utf8');
  if (fixture.endsWith('.sse')) {
    return text
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as GeminiResponse);
  }
  const parsed = JSON.parse(text) as GeminiResponse | GeminiResponse[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * The model turn as it must go back, by the rule the adapter documents: every part in the order it
 * came, consecutive unsigned text parts joined, unsigned thought parts and unsigned empty text
 * parts left out, everything else as received.
 */
function asReceived(chunks: readonly GeminiResponse[]): GeminiPart[] {
  const turn: GeminiPart[] = [];
  let joinable = false;
  for (const chunk of chunks) {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      const signed = typeof part.thoughtSignature === 'string';
      const text = typeof part.text === 'string' && part.thought !== true;
      if (part.thought === true && !signed) continue;
      if (text && !signed && joinable) {
        const last = turn[turn.length - 1] as GeminiPart;
        last.text = `${last.text}${part.text}`;
        continue;
      }
      if (text && !signed && part.text === '') continue;
      turn.push({ ...part });
      joinable = text && !signed;
    }
  }
  return turn;
}

/** The stored message: the response as `toAssistantMessage` makes it, through JSON and back. */
function stored(response: ChatResponse): Message {
  return validateMessage(JSON.parse(JSON.stringify(toAssistantMessage(response))));
}

/** Sends the turn after `answer` and returns the model turn the request carried. */
async function nextTurn(
  rig: Awaited<ReturnType<typeof startGeminiRig>>,
  answer: Message,
): Promise<GeminiPart[]> {
  const messages: Message[] = [userMessage('first question'), answer];
  for (const call of answer.toolCalls ?? []) {
    messages.push(toolMessage(call.id, '{"ok":true}', call.function.name));
  }
  messages.push(userMessage('next question'));
  await rig.provider.sendMessage({ model: 'gemini-3-pro-preview', messages });
  const body = rig.server.lastRequest()?.body as {
    contents: { role: string; parts: GeminiPart[] }[];
  };
  expect(body.contents[1]?.role).toBe('model');
  return body.contents[1]?.parts ?? [];
}

const signaturesOf = (parts: readonly GeminiPart[]) =>
  parts.map((part) => part.thoughtSignature).filter((signature) => signature !== undefined);

describe.each(rows)('signed $kind', (row) => {
  it('sendMessage → stored message → next request: every part back as received, signatures in place', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: path(row.send), times: 1 }),
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    const response = await rig.provider.sendMessage({
      model: 'gemini-3-pro-preview',
      messages: [userMessage('first question')],
    });
    const expected = asReceived(chunksOf(row.send));
    expect(signaturesOf(expected).length).toBeGreaterThan(0);
    expect(await nextTurn(rig, stored(response))).toStrictEqual(expected);
  });

  it('stream → collect() → stored message → next request: the same', async () => {
    await using rig = await startGeminiRig(
      [
        fixtureRoute({ path: STREAM_PATH, fixture: path(row.stream), times: 1 }),
        fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
      ],
      row.streamFormat === undefined ? {} : { streamFormat: row.streamFormat },
    );
    const stream = await rig.provider.streamMessage({
      model: 'gemini-3-pro-preview',
      messages: [userMessage('first question')],
    });
    for await (const _ of stream) {
      // Read to the end, as an application does; collect() then returns the finished response.
    }
    const expected = asReceived(chunksOf(row.stream));
    expect(signaturesOf(expected).length).toBeGreaterThan(0);
    expect(await nextTurn(rig, stored(await stream.collect()))).toStrictEqual(expected);
  });
});
