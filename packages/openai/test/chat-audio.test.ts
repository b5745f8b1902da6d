/**
 * Spoken output of Chat Completions (`providerOptions.openai.audio`) against payloads built from
 * the API reference (test/fixtures/media/README.md): the request, the audio and its transcript in
 * `audio`, the streamed pieces assembled into the same answer, and the id sent back next turn.
 */
import { type ChatRequest, toAssistantMessage, userMessage } from '@aigo/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, createHarness, drain, rechunkedSseRoute } from './support/harness.js';
import { mediaFile, mediaJson } from './support/media-fixtures.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const request: ChatRequest = {
  model: 'gpt-4o-audio-preview',
  messages: [userMessage('Say hello.')],
  providerOptions: { openai: { audio: { voice: 'alloy', format: 'pcm16' } } },
};

describe('Chat Completions audio output', () => {
  it('asks for text and audio and returns the audio with its id and transcript', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: mediaJson('chat-audio.json') });
    const provider = harness.provider(server, { api: 'chat' });
    const response = await provider.sendMessage(request);
    expect(server.lastRequest()?.body).toEqual(mediaJson('chat-audio.request.json'));
    expect(response.content).toBe('');
    expect(response.audio).toEqual([
      {
        mimeType: 'audio/pcm',
        data: Buffer.from(Array.from({ length: 24 }, (_, i) => i)).toString('base64'),
        id: 'audio_0a1b2c3d',
        transcript: 'Hello!',
        providerMetadata: { openai: { expiresAt: 1764003800 } },
      },
    ]);
    expect(response.usage).toMatchObject({ completionTokens: 45, outputAudioTokens: 37 });
  });

  it('assembles the streamed pieces: partial media events, then the same answer as sendMessage', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: mediaJson('chat-audio.json') });
    const sent = await harness.provider(server, { api: 'chat' }).sendMessage(request);
    for (const seed of [4, 5]) {
      const streaming = await harness.serve(
        rechunkedSseRoute(CHAT_PATH, mediaFile('stream-chat-audio.sse'), seed),
      );
      const provider = harness.provider(streaming, { api: 'chat' });
      const { events, response, error } = await drain(await provider.streamMessage(request));
      expect(error).toBeUndefined();
      const media = events.filter((event) => event.type === 'media');
      expect(media.map((event) => event.partial)).toEqual([true, true, false]);
      expect(response).toEqual(sent);
    }
  });

  it('refuses a stream in any format but pcm16, naming the field', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: mediaJson('chat-audio.json') });
    const provider = harness.provider(server, { api: 'chat' });
    await expect(
      provider.streamMessage({
        ...request,
        providerOptions: { openai: { audio: { voice: 'alloy', format: 'wav' } } },
      }),
    ).rejects.toMatchObject({ argument: 'request.providerOptions.openai.audio.format' });
    expect(server.requests).toHaveLength(0);
  });

  it('sends the audio id back on the next assistant turn', async () => {
    const server = await harness.serve(
      { path: CHAT_PATH, body: mediaJson('chat-audio.json') },
      { path: CHAT_PATH, body: mediaJson('chat-audio.json') },
    );
    const provider = harness.provider(server, { api: 'chat' });
    const first = await provider.sendMessage(request);
    await provider.sendMessage({
      ...request,
      messages: [...request.messages, toAssistantMessage(first), userMessage('Again.')],
    });
    const { messages } = (server.lastRequest()?.body ?? { messages: [] }) as {
      messages: unknown[];
    };
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: null,
      audio: { id: 'audio_0a1b2c3d' },
    });
  });
});
