/**
 * The media calls of `gemini()` — `generateImage` (replaying the recorded `inline-data-image.json`),
 * `generateSpeech` and `transcribe` (payloads built from the API reference: fixtures/README.md) —
 * and spoken output in chat (`providerOptions.gemini.speech`): the request sent and the answer.
 */
import { readFileSync } from 'node:fs';
import { userMessage, ValidationError } from '@aigo/ai';
import { loadFixtureJson } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { GEMINI_MAX_INLINE_AUDIO_BYTES } from '../src/index.js';
import { GENERATE_PATH, startGeminiRig } from './support/test-gemini-server.js';

const own = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('gemini().generateImage', () => {
  it('asks for TEXT and IMAGE with the aspect ratio and returns the recorded image', async () => {
    const recorded = loadFixtureJson<{
      candidates: { content: { parts: { inlineData: { data: string } }[] } }[];
    }>('gemini/inline-data-image.json');
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: recorded }]);
    const result = await rig.provider.generateImage({
      model: 'gemini-2.5-flash-image',
      prompt: 'A red cat',
      size: '16:9',
    });
    const sent = rig.server.lastRequest();
    expect(sent?.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(sent?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'A red cat' }] }],
      generationConfig: {
        responseModalities: ['TEXT', 'IMAGE'],
        imageConfig: { aspectRatio: '16:9' },
      },
    });
    expect(result.images).toHaveLength(1);
    expect(result.images[0]?.mimeType).toBe('image/png');
    expect(result.images[0]?.data).toBe(recorded.candidates[0]?.content.parts[0]?.inlineData.data);
  });

  it('refuses settings Gemini has no equivalent for, naming them', async () => {
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: {} }]);
    await expect(
      rig.provider.generateImage({ model: 'gemini-2.5-flash-image', prompt: 'x', quality: 'hd' }),
    ).rejects.toMatchObject({ argument: 'request.quality' });
    expect(rig.server.requests).toHaveLength(0);
  });
});

describe('gemini().generateSpeech', () => {
  it('asks for AUDIO with the voice and wraps the PCM answer as WAV', async () => {
    const answer = own('speech-tts.json');
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: answer }]);
    const result = await rig.provider.generateSpeech({
      model: 'gemini-2.5-flash-preview-tts',
      text: 'Hello from aigo.',
      voice: 'Kore',
      instructions: 'Say cheerfully',
    });
    expect(rig.server.lastRequest()?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Say cheerfully: Hello from aigo.' }] }],
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
      },
    });
    const wav = Buffer.from(result.audio.data ?? '', 'base64');
    const pcm = Buffer.from(answer.candidates[0].content.parts[0].inlineData.data, 'base64');
    expect(result.audio.mimeType).toBe('audio/wav');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect(wav.subarray(44).equals(pcm)).toBe(true);
    expect(result.usage).toMatchObject({ promptTokens: 9, completionTokens: 25 });
  });

  it('returns the raw PCM with format pcm, and refuses a format Gemini cannot produce', async () => {
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: own('speech-tts.json') }]);
    const raw = await rig.provider.generateSpeech({
      model: 'gemini-2.5-flash-preview-tts',
      text: 'Hi',
      voice: 'Puck',
      format: 'pcm',
    });
    expect(raw.audio.mimeType).toBe('audio/L16;codec=pcm;rate=24000');
    await expect(
      rig.provider.generateSpeech({ model: 'm', text: 'Hi', voice: 'Puck', format: 'mp3' }),
    ).rejects.toMatchObject({ argument: 'request.format' });
  });
});

describe('gemini().transcribe', () => {
  it('sends the audio inline with the instruction and returns the transcript', async () => {
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, body: own('transcribe-audio.json') },
    ]);
    const audio = Buffer.from([1, 2, 3, 4, 5, 6]).toString('base64');
    const result = await rig.provider.transcribe({
      model: 'gemini-2.5-flash',
      audio: { data: audio, mimeType: 'audio/mpeg' },
      language: 'en',
    });
    const body = (rig.server.lastRequest()?.body ?? { contents: [] }) as {
      contents: { parts: unknown[] }[];
    };
    const parts = body.contents[0]?.parts;
    expect(parts?.[0]).toEqual({ inlineData: { mimeType: 'audio/mpeg', data: audio } });
    expect(parts?.[1]).toEqual({
      text: 'Transcribe this audio verbatim. Answer with the transcript only. The language is en.',
    });
    expect(result).toMatchObject({
      text: 'Hello from aigo.',
      language: 'en',
      model: 'gemini-2.5-flash',
    });
  });

  it('refuses an empty file and one over the inline limit before any request', async () => {
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: {} }]);
    for (const data of ['', new Uint8Array(GEMINI_MAX_INLINE_AUDIO_BYTES + 1)]) {
      const error = await rig.provider
        .transcribe({ model: 'gemini-2.5-flash', audio: { data, mimeType: 'audio/wav' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe('request.audio.data');
    }
    expect(rig.server.requests).toHaveLength(0);
  });
});

describe('spoken output in chat', () => {
  it('sends speechConfig for several speakers and returns the audio in response.audio', async () => {
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: own('speech-tts.json') }]);
    const response = await rig.provider.sendMessage({
      model: 'gemini-2.5-flash-preview-tts',
      messages: [userMessage('Joe: Hi! Jane: Hello!')],
      providerOptions: {
        gemini: {
          speech: {
            speakers: [
              { speaker: 'Joe', voice: 'Kore' },
              { speaker: 'Jane', voice: 'Puck' },
            ],
          },
        },
      },
    });
    expect(rig.server.lastRequest()?.body).toMatchObject({
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: {
          multiSpeakerVoiceConfig: {
            speakerVoiceConfigs: [
              { speaker: 'Joe', voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
              { speaker: 'Jane', voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } },
            ],
          },
        },
      },
    });
    expect(response.audio?.[0]?.mimeType).toBe('audio/L16;codec=pcm;rate=24000');
  });

  it('refuses a malformed speech option, naming it', async () => {
    await using rig = await startGeminiRig([{ path: GENERATE_PATH, body: {} }]);
    await expect(
      rig.provider.sendMessage({
        model: 'm',
        messages: [userMessage('x')],
        providerOptions: { gemini: { speech: { voice: 'Kore', speakers: [] } } },
      }),
    ).rejects.toMatchObject({ argument: 'request.providerOptions.gemini.speech' });
  });
});
