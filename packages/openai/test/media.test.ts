/**
 * The media calls of `openai()` — `generateImage`, `generateSpeech`, `transcribe` — against a local
 * server replaying payloads built from the API reference (test/fixtures/media/README.md): the body
 * or multipart upload sent, the answer mapped, usage and cost, and bad input refused before upload.
 */
import { ProviderError, ValidationError } from '@aigo/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAI_MAX_TRANSCRIPTION_BYTES } from '../src/index.js';
import { createHarness, TEST_API_KEY } from './support/harness.js';
import { mediaFile, mediaJson } from './support/media-fixtures.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

async function uploaded(request: { bodyBytes: Buffer; headers: Record<string, string> }) {
  return new Response(request.bodyBytes, {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();
}

describe('openai().generateImage', () => {
  it('sends the documented body and returns the base64 image with usage (gpt-image-1)', async () => {
    const answer = mediaJson('images-gpt-image-1.json') as { data: { b64_json: string }[] };
    const server = await harness.serve({ path: '/v1/images/generations', body: answer });
    const provider = harness.provider(server);
    const result = await provider.generateImage({
      model: 'gpt-image-1',
      prompt: 'A red cat on a blue sofa',
      n: 1,
      size: '1024x1024',
      quality: 'low',
      background: 'transparent',
    });
    expect(server.lastRequest()?.body).toEqual(mediaJson('images-gpt-image-1.request.json'));
    expect(server.lastRequest()?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(result.images).toEqual([{ mimeType: 'image/png', data: answer.data[0]?.b64_json }]);
    expect(result.usage).toEqual({
      promptTokens: 12,
      completionTokens: 272,
      totalTokens: 284,
      inputImageTokens: 0,
      outputImageTokens: 272,
    });
    expect(result.model).toBe('gpt-image-1');
  });

  it('asks DALL·E for base64 and keeps the revised prompt; the cost of an unpriced model is unknown', async () => {
    const server = await harness.serve({
      path: '/v1/images/generations',
      body: mediaJson('images-dall-e-3.json'),
    });
    const provider = harness.provider(server, { prices: 'openai' });
    const result = await provider.generateImage({
      model: 'dall-e-3',
      prompt: 'A lighthouse at dawn',
    });
    expect(server.lastRequest()?.body).toEqual(mediaJson('images-dall-e-3.request.json'));
    expect(result.images[0]?.revisedPrompt).toMatch(/^A tall white lighthouse/);
    expect(result.usage).toBeUndefined();
    expect(result.cost).toBeUndefined();
  });

  it('refuses a bad request before any call, naming the field', async () => {
    const server = await harness.serve({ path: '/v1/images/generations', body: {} });
    const provider = harness.provider(server);
    await expect(
      provider.generateImage({ model: 'gpt-image-1', prompt: 'x', n: 0 }),
    ).rejects.toMatchObject({
      argument: 'request.n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('openai().generateSpeech', () => {
  it('sends input, voice, format and instructions and returns the bytes as base64', async () => {
    const mp3 = mediaFile('speech-hello.mp3');
    const server = await harness.serve({
      path: '/v1/audio/speech',
      headers: { 'content-type': 'audio/mpeg' },
      body: new Uint8Array(mp3),
    });
    const provider = harness.provider(server);
    const result = await provider.generateSpeech({
      model: 'gpt-4o-mini-tts',
      text: 'Hello from aigo.',
      voice: 'coral',
      instructions: 'Cheerful.',
    });
    expect(server.lastRequest()?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Hello from aigo.',
      voice: 'coral',
      response_format: 'mp3',
      instructions: 'Cheerful.',
    });
    expect(result.audio).toEqual({ mimeType: 'audio/mpeg', data: mp3.toString('base64') });
    expect(result.usage).toBeUndefined();
    expect(result.cost).toBeUndefined();
  });

  it('refuses a format the endpoint cannot produce, naming it', async () => {
    const provider = harness.provider(await harness.serve({ path: '/v1/audio/speech', body: '' }));
    await expect(
      provider.generateSpeech({
        model: 'tts-1',
        text: 'x',
        voice: 'alloy',
        format: 'ogg' as 'mp3',
      }),
    ).rejects.toMatchObject({ argument: 'request.format' });
  });
});

describe('openai().transcribe', () => {
  const audio = mediaFile('speech-hello.mp3');

  it('uploads the audio as multipart, decoded once, and reads text and token usage', async () => {
    const server = await harness.serve({
      path: '/v1/audio/transcriptions',
      body: mediaJson('transcription-gpt-4o-transcribe.json'),
    });
    const provider = harness.provider(server);
    const result = await provider.transcribe({
      model: 'gpt-4o-transcribe',
      audio: { data: audio.toString('base64'), mimeType: 'audio/mpeg' },
      language: 'en',
      prompt: 'aigo',
    });
    const request = server.lastRequest();
    if (request === undefined) throw new Error('no request');
    const form = await uploaded(request);
    expect(form.get('model')).toBe('gpt-4o-transcribe');
    expect(form.get('response_format')).toBe('json');
    expect(form.get('language')).toBe('en');
    expect(form.get('prompt')).toBe('aigo');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('audio.mp3');
    expect(sent.type).toBe('audio/mpeg');
    expect(Buffer.from(await sent.arrayBuffer()).equals(audio)).toBe(true);
    expect(result).toEqual({
      text: 'Hello from aigo.',
      language: 'en',
      model: 'gpt-4o-transcribe',
      usage: { promptTokens: 14, completionTokens: 5, totalTokens: 19, inputAudioTokens: 14 },
    });
  });

  it('asks whisper-1 for verbose_json: segments, language, duration; usage in seconds is not tokens', async () => {
    const server = await harness.serve({
      path: '/v1/audio/transcriptions',
      body: mediaJson('transcription-whisper-1-verbose.json'),
    });
    const provider = harness.provider(server);
    const result = await provider.transcribe({
      model: 'whisper-1',
      audio: { data: new Uint8Array(audio), mimeType: 'audio/wav', filename: 'hello.wav' },
    });
    const request = server.lastRequest();
    if (request === undefined) throw new Error('no request');
    const form = await uploaded(request);
    expect(form.get('response_format')).toBe('verbose_json');
    expect((form.get('file') as File).name).toBe('hello.wav');
    expect(result.segments).toEqual([{ text: ' Hello from aigo.', start: 0, end: 1.52 }]);
    expect(result.language).toBe('english');
    expect(result.durationSeconds).toBe(1.52);
    expect(result.usage).toBeUndefined();
    expect(result.cost).toBeUndefined();
  });

  it.each([
    [
      'base64 that does not decode',
      { data: 'not base64!', mimeType: 'audio/mpeg' },
      'request.audio.data',
    ],
    ['an empty file', { data: '', mimeType: 'audio/mpeg' }, 'request.audio.data'],
    [
      'an unsupported MIME type',
      { data: 'AAAA', mimeType: 'audio/x-aiff' },
      'request.audio.mimeType',
    ],
    [
      'a file over the 25 MB limit',
      { data: new Uint8Array(OPENAI_MAX_TRANSCRIPTION_BYTES + 1), mimeType: 'audio/wav' },
      'request.audio.data',
    ],
  ])('refuses %s before any upload, naming the field', async (_what, input, field) => {
    const server = await harness.serve({ path: '/v1/audio/transcriptions', body: {} });
    const provider = harness.provider(server);
    const error = await provider
      .transcribe({ model: 'whisper-1', audio: input })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).argument).toBe(field);
    expect(server.requests).toHaveLength(0);
  });

  it('maps an API error to a ProviderError', async () => {
    const server = await harness.serve({
      path: '/v1/audio/transcriptions',
      status: 400,
      body: mediaJson('error-400-unsupported-audio.json'),
    });
    const provider = harness.provider(server);
    const error = await provider
      .transcribe({
        model: 'whisper-1',
        audio: { data: new Uint8Array(audio), mimeType: 'audio/ogg' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(400);
    expect((error as ProviderError).message).toMatch(/Invalid file format/);
  });
});
