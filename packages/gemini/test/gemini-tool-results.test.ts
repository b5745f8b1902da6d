import {
  audioPart,
  type ChatRequest,
  documentPartFromUri,
  imagePart,
  type Message,
  textPart,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { fixtureRoute } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { buildGeminiRequest } from '../src/request/gemini-request.js';
import { supportsMultimodalFunctionResponses } from '../src/shared/gemini-model-support.js';
import { GENERATE_PATH, STREAM_PATH, startGeminiRig } from './support/test-gemini-server.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const assistant: Message = {
  role: 'assistant',
  content: '',
  toolCalls: [
    { id: 'call_1', type: 'function', function: { name: 'screenshot', arguments: '{}' } },
  ],
};

/** A conversation whose tool result carries text, an image, a PDF by URI and audio. */
function conversation(model: string): ChatRequest {
  return {
    model,
    messages: [
      userMessage('What does the page look like?'),
      assistant,
      toolMessage('call_1', [
        textPart('{"ok":true,"title":"Home"}'),
        imagePart(PNG, 'image/png'),
        documentPartFromUri('gs://bucket/page.pdf', 'application/pdf'),
        audioPart('UklGRg==', 'audio/wav'),
      ]),
    ],
  };
}

describe('tool results with media parts', () => {
  it('Gemini 3: images and documents go in functionResponse.parts; audio is left out', () => {
    const body = buildGeminiRequest(conversation('gemini-3-pro-preview'));
    expect(body.contents[2]).toStrictEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 'screenshot',
            response: { ok: true, title: 'Home' },
            parts: [
              { inlineData: { mimeType: 'image/png', data: PNG } },
              { fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/page.pdf' } },
            ],
          },
        },
      ],
    });
  });

  it('Gemini 2.x (which rejects functionResponse.parts) and an unknown model: the text only', () => {
    for (const request of [
      conversation('gemini-2.5-flash'),
      conversation('models/gemini-2.0-flash'),
      { ...conversation('gemini-3-flash'), model: '' },
    ]) {
      expect(buildGeminiRequest(request).contents[2]).toStrictEqual({
        role: 'user',
        parts: [
          { functionResponse: { name: 'screenshot', response: { ok: true, title: 'Home' } } },
        ],
      });
    }
    // The provider's model decides when the request names none.
    const parts = buildGeminiRequest(
      { ...conversation('gemini-2.5-flash'), model: '' },
      'gemini-3-flash',
    ).contents[2]?.parts;
    expect(parts?.[0]?.functionResponse?.parts).toHaveLength(2);
  });

  it('knows which models take multimodal function responses', () => {
    for (const model of ['gemini-3-pro-preview', 'models/gemini-3-flash', 'gemini-3.1-pro']) {
      expect(supportsMultimodalFunctionResponses(model), model).toBe(true);
    }
    for (const model of [
      'gemini-2.5-flash',
      'gemini-2.0-flash-lite',
      'models/gemini-1.5-pro',
      'gemma-3-27b-it',
      '',
      undefined,
    ]) {
      expect(supportsMultimodalFunctionResponses(model), String(model)).toBe(false);
    }
  });

  it('are sent on the wire by sendMessage and streamMessage', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
      fixtureRoute({ path: STREAM_PATH, fixture: 'gemini/stream-text.sse' }),
    ]);
    await rig.provider.sendMessage(conversation('gemini-3-pro-preview'));
    await (await rig.provider.streamMessage(conversation('gemini-3-pro-preview'))).collect();
    await rig.provider.sendMessage(conversation('gemini-2.5-flash'));
    const sent = rig.server.requests.map(
      (request) =>
        (request.body as { contents: { parts: { functionResponse?: unknown }[] }[] }).contents[2]
          ?.parts[0]?.functionResponse,
    );
    const multimodal = {
      name: 'screenshot',
      response: { ok: true, title: 'Home' },
      parts: [
        { inlineData: { mimeType: 'image/png', data: PNG } },
        { fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/page.pdf' } },
      ],
    };
    expect(sent).toEqual([
      multimodal,
      multimodal,
      { name: 'screenshot', response: { ok: true, title: 'Home' } },
    ]);
    expect(rig.server.requests[2]?.rawBody).not.toContain(PNG);
  });
});
