import { describe, expect, it } from 'vitest';
import { toAssistantMessage } from '../messages/to-assistant-message.js';
import { validateMessage } from '../messages/validate-message.js';
import { ChatStream } from './chat-stream.js';
import { ResponseAccumulator } from './response-accumulator.js';

describe('media events', () => {
  it('collect final media by MIME type and leave partial previews out', () => {
    const acc = new ResponseAccumulator();
    acc.add({
      type: 'media',
      partial: true,
      index: 0,
      media: { mimeType: 'image/png', data: 'AA==' },
    });
    acc.add({
      type: 'media',
      partial: false,
      index: 0,
      media: { mimeType: 'image/png', data: 'AAAA', id: 'ig_1', revisedPrompt: 'a red cat' },
    });
    acc.add({
      type: 'media',
      partial: false,
      index: 1,
      media: { mimeType: 'audio/wav', data: 'AAAA' },
    });
    acc.add({
      type: 'media',
      partial: false,
      index: 2,
      media: { mimeType: 'video/mp4', uri: 'gs://v' },
    });
    const response = acc.toResponse();
    expect(response.images).toEqual([
      { mimeType: 'image/png', data: 'AAAA', id: 'ig_1', revisedPrompt: 'a red cat' },
    ]);
    expect(response.audio).toEqual([{ mimeType: 'audio/wav', data: 'AAAA' }]);
    expect(response.videos).toEqual([{ mimeType: 'video/mp4', uri: 'gs://v' }]);
  });

  it('round-trip through fromResponse and collect', async () => {
    const response = {
      id: 'r',
      model: 'm',
      content: 'here',
      toolCalls: [],
      finishReason: 'stop' as const,
      images: [{ mimeType: 'image/png', data: 'AAAA', id: 'ig_1' }],
    };
    expect(await ChatStream.fromResponse(response).collect()).toEqual(response);
  });
});

describe('generated media in memory', () => {
  it('toAssistantMessage keeps images and audio; validateMessage copies and checks them', () => {
    const message = toAssistantMessage({
      id: 'r',
      model: 'm',
      content: 'hi',
      toolCalls: [],
      finishReason: 'stop',
      images: [{ mimeType: 'image/png', data: 'AAAA', id: 'ig_1' }],
      audio: [
        {
          mimeType: 'audio/wav',
          id: 'audio_1',
          transcript: 'hi',
          providerMetadata: { openai: { expiresAt: 1 } },
        },
      ],
    });
    expect(message.media).toEqual([
      { mimeType: 'image/png', data: 'AAAA', id: 'ig_1' },
      {
        mimeType: 'audio/wav',
        id: 'audio_1',
        transcript: 'hi',
        providerMetadata: { openai: { expiresAt: 1 } },
      },
    ]);
    expect(validateMessage(message)).toEqual(message);
    expect(() => validateMessage({ ...message, media: [{ mimeType: 'png' }] })).toThrow(
      /message\.media\[0\]\.mimeType/,
    );
    expect(() => validateMessage({ ...message, media: [{ mimeType: 'image/png' }] })).toThrow(
      /message\.media\[0\]/,
    );
    expect(() => validateMessage({ role: 'user', content: 'x', media: message.media })).toThrow(
      /message\.media/,
    );
  });
});
