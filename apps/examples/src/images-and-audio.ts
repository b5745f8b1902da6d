/**
 * Images and audio: a Gemini image model draws, a speech model speaks, and the speech is
 * transcribed — through `generateImage`, `generateSpeech` and `transcribe` of `@aigo/client`, which
 * take a provider (or a client), trace each call as a `generate_content` span and record it in an
 * overview.
 *
 * Offline, a local server replays the image answer recorded from Gemini
 * (`gemini/inline-data-image.json` of `@aigo/testing`); the speech and transcription answers are
 * built from the Gemini API reference (no small public recording exists), labelled so below.
 *
 * Run: `node dist/images-and-audio.js` (offline), or with GEMINI_API_KEY set.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, generateImage, generateSpeech, transcribe } from '@aigo/client';
import { gemini } from '@aigo/gemini';
import { fixtureRoute, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { geminiKeyVariable, printHeader } from './shared/pick-model.js';

let server: RecordedServer | undefined;
let label: string;
if (geminiKeyVariable(process.env) !== undefined) {
  label = `Gemini (${geminiKeyVariable(process.env)} is set)`;
} else {
  const path = /:generateContent$/;
  // Built from the API reference: 24 kHz 16-bit PCM (made-up samples), then a transcript.
  const pcm = Buffer.from([0, 0, 16, 0, 32, 0, 16, 0]).toString('base64');
  const speech = {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ inlineData: { mimeType: 'audio/L16;codec=pcm;rate=24000', data: pcm } }],
        },
        finishReason: 'STOP',
      },
    ],
    usageMetadata: { promptTokenCount: 6, candidatesTokenCount: 20, totalTokenCount: 26 },
  };
  const transcript = {
    candidates: [
      { content: { role: 'model', parts: [{ text: 'Hello from aigo.' }] }, finishReason: 'STOP' },
    ],
    usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 5, totalTokenCount: 45 },
  };
  server = await startRecordedServer([
    fixtureRoute({ path, fixture: 'gemini/inline-data-image.json', times: 1 }),
    { path, body: speech, times: 1 },
    { path, body: transcript, times: 1 },
  ]);
  label = `OFFLINE, a Gemini image answer recorded earlier (speech and transcript built), replayed at ${server.url}`;
}
printHeader('Images and audio', { label });

await using provider =
  server === undefined
    ? gemini()
    : gemini({ baseURL: `${server.url}/v1beta`, apiKey: 'offline-example-key' });
const client = createClient(provider);
const overview = client.createOverview();

// 1. An image: base64 data with its MIME type, saved to a file.
const { images } = await generateImage(client, {
  model: 'gemini-2.5-flash-image',
  prompt: 'A lighthouse at dawn, watercolour',
  overview,
});
const image = images[0];
const dir = mkdtempSync(join(tmpdir(), 'aigo-media-'));
const file = join(dir, 'image.png');
writeFileSync(file, Buffer.from(image?.data ?? '', 'base64'));
console.log(`image: ${image?.mimeType}, ${Buffer.from(image?.data ?? '', 'base64').length} bytes`);
console.log(`  saved to ${file}`);

// 2. Speech: Gemini's PCM, wrapped as WAV.
const { audio } = await generateSpeech(provider, {
  model: 'gemini-2.5-flash-preview-tts',
  text: 'Hello from aigo.',
  voice: 'Kore',
  overview,
});
console.log(`speech: ${audio.mimeType}, ${Buffer.from(audio.data ?? '', 'base64').length} bytes`);

// 3. And back to text.
const { text } = await transcribe(provider, {
  model: 'gemini-2.5-flash',
  audio: { data: audio.data ?? '', mimeType: audio.mimeType },
  overview,
});
console.log(`transcript: ${text}`);

const summary = overview.costSummary();
console.log(
  `calls: ${Object.values(summary.byModel).reduce((n, model) => n + model.requests, 0)}, tokens: ${overview.totalUsage.totalTokens}`,
);
await server?.close();
