// Every recorded SSE stream of @aigo/testing's fixtures (and the chunk recordings as SSE), split at
// random, must decode to the same frames as in one piece.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  fixturesDirectory,
  loadFixture,
  loadFixtureBytes,
  sseFromChunksJsonl,
} from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createSseDecoder } from '../src/stream/sse-decoder.js';
import type { StreamFrame } from '../src/stream/stream-frame.js';
import { createRandom, offsetsInsideCharacters, randomSplit } from './support/test-random.js';

const encoder = new TextEncoder();

function decode(chunks: readonly Uint8Array[]): StreamFrame[] {
  const frames: StreamFrame[] = [];
  const decoder = createSseDecoder((frame) => frames.push(frame));
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return frames;
}

const FOLDERS = ['openai-chat', 'openai-responses', 'gemini'] as const;
const sseFixtures = FOLDERS.flatMap((folder) =>
  readdirSync(join(fixturesDirectory, folder))
    .filter((name) => name.endsWith('.sse'))
    .map((name) => `${folder}/${name}`),
);
const chunkFixtures = FOLDERS.flatMap((folder) =>
  readdirSync(join(fixturesDirectory, folder))
    .filter((name) => name.endsWith('.chunks.jsonl'))
    .map((name) => `${folder}/${name}`),
);

/** A synthetic stream full of multi-byte characters (2, 3 and 4 bytes), CRLF and lone CR endings. */
const MULTIBYTE_SSE =
  'event: message\r\ndata: {"text":"héllo wörld — 你好，世界 🚀🎉"}\r\n\r\n' +
  ': comment ünïcode ✓\n' +
  'data: línea uno\ndata: 第二行 🧪\n\n' +
  'id: 7\rdata: ∑ ≈ ∞ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\r\r' +
  'data: [DONE]\n\n';

describe('createSseDecoder: every recorded stream, re-chunked at random', () => {
  it('finds every recorded .sse fixture in the three folders', () => {
    expect(sseFixtures.length).toBeGreaterThanOrEqual(29);
    for (const folder of FOLDERS) {
      expect(sseFixtures.some((name) => name.startsWith(`${folder}/`))).toBe(true);
    }
  });

  const cases: Array<[string, Uint8Array]> = [
    ...sseFixtures.map((name): [string, Uint8Array] => [name, loadFixtureBytes(name)]),
    ...chunkFixtures.map((name): [string, Uint8Array] => [
      `${name} (as SSE)`,
      encoder.encode(
        sseFromChunksJsonl(loadFixture(name), { done: name.startsWith('openai-chat') }),
      ),
    ]),
    ['synthetic multi-byte stream', encoder.encode(MULTIBYTE_SSE)],
  ];

  it.each(cases)('%s: 200 random splits give the same frames as one chunk', (name, bytes) => {
    const expected = decode([bytes]);
    expect(expected.length).toBeGreaterThan(0);
    // No frame may contain a replacement character unless the fixture itself does.
    const text = new TextDecoder().decode(bytes);
    if (!text.includes('\uFFFD')) {
      for (const frame of expected) expect(frame.data).not.toContain('\uFFFD');
    }
    const inside = offsetsInsideCharacters(bytes);
    const random = createRandom(0x5eed + name.length);
    for (let round = 0; round < 200; round++) {
      const chunks = randomSplit(bytes, random, inside);
      const frames = decode(chunks);
      if (
        frames.length !== expected.length ||
        JSON.stringify(frames) !== JSON.stringify(expected)
      ) {
        // Report the failing split so it can be replayed.
        expect({ round, cuts: chunks.map((c) => c.length), frames }).toEqual({
          round,
          cuts: chunks.map((c) => c.length),
          frames: expected,
        });
      }
    }
  });

  it('splits inside multi-byte characters are exercised', () => {
    const bytes = encoder.encode(MULTIBYTE_SSE);
    const inside = offsetsInsideCharacters(bytes);
    expect(inside.length).toBeGreaterThan(20);
    // Every single cut inside a character still decodes to the same frames.
    const expected = decode([bytes]);
    for (const cut of inside) {
      expect(decode([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(expected);
    }
    expect(expected.map((frame) => frame.data)).toEqual([
      '{"text":"héllo wörld — 你好，世界 🚀🎉"}',
      'línea uno\n第二行 🧪',
      '∑ ≈ ∞ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '[DONE]',
    ]);
    expect(expected[0]?.event).toBe('message');
    expect(expected[2]?.id).toBe('7');
  });
});
