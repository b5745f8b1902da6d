/**
 * The image generation tool of the Responses API against payloads built from the API reference
 * (test/fixtures/media/README.md): the tool on the wire, the image in `images` (sent and streamed
 * alike), partial images as `media` events, and the image sent back on the next turn.
 */
import { toAssistantMessage, userMessage } from '@aigo/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { openaiTools } from '../src/index.js';
import { createHarness, drain, RESPONSES_PATH, rechunkedSseRoute } from './support/harness.js';
import { mediaFile, mediaJson } from './support/media-fixtures.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const answer = mediaJson('responses-image-generation.json');
const image = answer.output[0];

const request = {
  model: 'gpt-5-mini',
  messages: [userMessage('Draw a red cat on a blue sofa.')],
  tools: [openaiTools.imageGeneration({ quality: 'low', partialImages: 1 })],
};

describe('openaiTools.imageGeneration with the Responses API', () => {
  it('sends the tool and returns the image with its id and revised prompt', async () => {
    const server = await harness.serve({ path: RESPONSES_PATH, body: answer });
    const provider = harness.provider(server, { api: 'responses' });
    const response = await provider.sendMessage(request);
    expect(server.lastRequest()?.body).toEqual(
      mediaJson('responses-image-generation.request.json'),
    );
    expect(response.content).toBe('Here is your cat.');
    expect(response.images).toEqual([
      {
        mimeType: 'image/png',
        data: image.result,
        id: 'ig_0a1b2c3d',
        revisedPrompt: 'A small red cat sitting on a blue sofa',
      },
    ]);
  });

  it('streams the partial image as a media event; collect() equals sendMessage()', async () => {
    const sent = await (async () => {
      const server = await harness.serve({ path: RESPONSES_PATH, body: answer });
      return harness.provider(server, { api: 'responses' }).sendMessage(request);
    })();
    for (const seed of [1, 2, 3]) {
      const server = await harness.serve(
        rechunkedSseRoute(RESPONSES_PATH, mediaFile('stream-responses-image-generation.sse'), seed),
      );
      const provider = harness.provider(server, { api: 'responses' });
      const { events, response, error } = await drain(await provider.streamMessage(request));
      expect(error).toBeUndefined();
      const media = events.filter((event) => event.type === 'media');
      expect(media).toHaveLength(1);
      expect(media[0]).toMatchObject({
        partial: true,
        index: 0,
        media: { mimeType: 'image/png', id: 'ig_0a1b2c3d' },
      });
      expect(response).toEqual(sent);
    }
  });

  it('keeps the image in memory and sends it back as an image_generation_call item', async () => {
    const server = await harness.serve(
      { path: RESPONSES_PATH, body: answer },
      { path: RESPONSES_PATH, body: answer },
    );
    const provider = harness.provider(server, { api: 'responses' });
    const first = await provider.sendMessage(request);
    const remembered = toAssistantMessage(first);
    expect(remembered.media?.[0]?.id).toBe('ig_0a1b2c3d');
    await provider.sendMessage({
      ...request,
      messages: [...request.messages, remembered, userMessage('Make it green.')],
    });
    const { input } = (server.lastRequest()?.body ?? { input: [] }) as { input: unknown[] };
    expect(input[1]).toEqual({
      type: 'image_generation_call',
      id: 'ig_0a1b2c3d',
      status: 'completed',
      result: image.result,
    });
    expect(input[2]).toEqual({ role: 'assistant', content: 'Here is your cat.' });
  });

  it('refuses unknown or malformed tool options, naming them', () => {
    expect(() => openaiTools.imageGeneration({ partialImages: 4 })).toThrow(
      /options\.partialImages/,
    );
    expect(() =>
      openaiTools.imageGeneration({ colour: 'red' } as unknown as { size: string }),
    ).toThrow(/options\.colour/);
  });
});
