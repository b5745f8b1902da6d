import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import {
  checkImageRequest,
  checkSpeechRequest,
  checkTranscriptionRequest,
} from './check-media-requests.js';
import type { ImageRequest, SpeechRequest, TranscriptionRequest } from './media-requests.js';

function fieldOf(run: () => void): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.argument;
    throw error;
  }
  return undefined;
}

describe('checkImageRequest', () => {
  it('accepts a full request', () => {
    expect(
      fieldOf(() =>
        checkImageRequest({
          model: 'gpt-image-1',
          prompt: 'a cat',
          n: 2,
          size: '1024x1024',
          quality: 'low',
          background: 'transparent',
          providerOptions: { openai: { moderation: 'low' } },
        }),
      ),
    ).toBeUndefined();
  });

  it.each([
    [{ model: '', prompt: 'x' }, 'request.model'],
    [{ model: 'm', prompt: ' ' }, 'request.prompt'],
    [{ model: 'm', prompt: 'x', n: 0 }, 'request.n'],
    [{ model: 'm', prompt: 'x', n: 1.5 }, 'request.n'],
    [{ model: 'm', prompt: 'x', size: 5 }, 'request.size'],
    [{ model: 'm', prompt: 'x', background: 'clear' }, 'request.background'],
    [{ model: 'm', prompt: 'x', colour: 'red' }, 'request.colour'],
  ])('names the bad field of %j', (request, field) => {
    expect(fieldOf(() => checkImageRequest(request as unknown as ImageRequest))).toBe(field);
  });
});

describe('checkSpeechRequest', () => {
  it('refuses a format the provider cannot produce, naming it', () => {
    const request: SpeechRequest = { model: 'tts', text: 'hi', voice: 'Kore', format: 'mp3' };
    expect(fieldOf(() => checkSpeechRequest(request, ['wav', 'pcm']))).toBe('request.format');
    expect(fieldOf(() => checkSpeechRequest(request))).toBeUndefined();
  });

  it.each([
    [{ model: 'm', text: '', voice: 'v' }, 'request.text'],
    [{ model: 'm', text: 'x' }, 'request.voice'],
    [{ model: 'm', text: 'x', voice: 'v', format: 'ogg' }, 'request.format'],
    [{ model: 'm', text: 'x', voice: 'v', instructions: 1 }, 'request.instructions'],
  ])('names the bad field of %j', (request, field) => {
    expect(fieldOf(() => checkSpeechRequest(request as unknown as SpeechRequest))).toBe(field);
  });
});

describe('checkTranscriptionRequest', () => {
  const audio = { data: 'AAAA', mimeType: 'audio/mpeg' };

  it('accepts audio types, and only the listed ones when a list is given', () => {
    expect(fieldOf(() => checkTranscriptionRequest({ model: 'm', audio }))).toBeUndefined();
    expect(fieldOf(() => checkTranscriptionRequest({ model: 'm', audio }, ['audio/wav']))).toBe(
      'request.audio.mimeType',
    );
  });

  it.each([
    [{ model: 'm' }, 'request.audio'],
    [{ model: 'm', audio: { data: 'AAAA', mimeType: 'image/png' } }, 'request.audio.mimeType'],
    [{ model: 'm', audio: { data: 'AAAA', mimeType: 'mp3' } }, 'request.audio.mimeType'],
    [{ model: 'm', audio, language: 5 }, 'request.language'],
  ])('names the bad field of %j', (request, field) => {
    expect(
      fieldOf(() => checkTranscriptionRequest(request as unknown as TranscriptionRequest)),
    ).toBe(field);
  });
});
