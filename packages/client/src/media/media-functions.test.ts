import {
  AigoError,
  type CallOptions,
  type ImageRequest,
  type Provider,
  type SpeechRequest,
  type TranscriptionRequest,
  ValidationError,
} from '@aigo/ai';
import { createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { Overview } from '../overview/overview.js';
import { generateImage, generateSpeech, transcribe } from './media-functions.js';

const usage = { promptTokens: 10, completionTokens: 100, totalTokens: 110, outputImageTokens: 100 };

function mediaProvider(seen: { request?: unknown; options?: CallOptions }): Provider {
  return {
    id: 'fake-media',
    sendMessage: async () => {
      throw new Error('not used');
    },
    modelCost: (model) =>
      model === 'img-1' ? { inputCostPerMillion: 5, outputCostPerMillion: 40 } : undefined,
    async generateImage(request: ImageRequest, options?: CallOptions) {
      seen.request = request;
      if (options !== undefined) seen.options = options;
      return {
        images: [{ mimeType: 'image/png', data: 'AAAA' }],
        model: request.model,
        usage,
        cost: { amount: 0.00405, currency: 'USD' },
      };
    },
    async generateSpeech(request: SpeechRequest) {
      seen.request = request;
      return {
        audio: { mimeType: 'audio/mpeg', data: 'AAAA' },
        model: request.model,
        usage: undefined,
      };
    },
    async transcribe(request: TranscriptionRequest) {
      seen.request = request;
      if (request.model === 'broken') throw new AigoError('invalid_response', 'bad answer');
      return { text: 'hello', model: request.model, usage: undefined };
    },
  };
}

describe('generateImage, generateSpeech, transcribe', () => {
  it('call the provider with the request alone and trace a generate_content span', async () => {
    const seen: { request?: unknown; options?: CallOptions } = {};
    const observer = createRecordingObserver();
    const overview = new Overview({ provider: mediaProvider({}) });
    const controller = new AbortController();
    const result = await generateImage(mediaProvider(seen), {
      model: 'img-1',
      prompt: 'a cat',
      size: '1024x1024',
      signal: controller.signal,
      timeoutMs: 5000,
      observer,
      overview,
    });
    expect(result.images).toHaveLength(1);
    expect(seen.request).toEqual({ model: 'img-1', prompt: 'a cat', size: '1024x1024' });
    expect(seen.options?.signal).toBe(controller.signal);
    expect(seen.options?.timeoutMs).toBe(5000);
    const [span] = observer.spans;
    expect(span?.name).toBe('generate_content img-1');
    expect(seen.options?.span).toBe(span);
    expect(span?.attributes).toMatchObject({
      'gen_ai.operation.name': 'generate_content',
      'gen_ai.provider.name': 'fake-media',
      'gen_ai.request.model': 'img-1',
      'aigo.media.operation': 'image',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 100,
      'aigo.cost.priced': true,
      'aigo.cost.total': 0.00405,
    });
    expect(span?.status?.status).toBe('ok');
    expect(span?.endCount).toBe(1);
    // In the overview: the usage, and the cost at the provider's price.
    expect(overview.totalUsage).toMatchObject({ promptTokens: 10, outputImageTokens: 100 });
    expect(overview.costSummary().totalModelCost).toBeCloseTo((10 * 5 + 100 * 40) / 1e6, 12);
    expect(overview.costSummary().complete).toBe(true);
  });

  it('take a client: its provider and observer', async () => {
    const seen: { request?: unknown } = {};
    const observer = createRecordingObserver();
    const client = createClient(mediaProvider(seen), { observer });
    const result = await generateSpeech(client, { model: 'tts', text: 'hi', voice: 'alloy' });
    expect(result.audio.mimeType).toBe('audio/mpeg');
    expect(observer.spans.at(-1)?.attributes['aigo.media.operation']).toBe('speech');
    expect(observer.spans.at(-1)?.attributes['aigo.cost.priced']).toBe(false);
  });

  it('leave an unpriced call unknown in the overview, never 0', async () => {
    const overview = new Overview({ provider: mediaProvider({}) });
    await generateSpeech(mediaProvider({}), { model: 'tts', text: 'hi', voice: 'alloy', overview });
    const summary = overview.costSummary();
    expect(summary.complete).toBe(false);
    expect(summary.unpricedModels).toEqual(['tts']);
  });

  it('record a failure on the span and rethrow it', async () => {
    const observer = createRecordingObserver();
    await expect(
      transcribe(mediaProvider({}), {
        model: 'broken',
        audio: { data: 'AAAA', mimeType: 'audio/mpeg' },
        observer,
      }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
    const [span] = observer.spans;
    expect(span?.attributes['error.type']).toBe('invalid_response');
    expect(span?.status?.status).toBe('error');
  });

  it('refuse a provider without the capability, and bad arguments', async () => {
    const chatOnly: Provider = { id: 'chat', sendMessage: async () => ({}) as never };
    await expect(generateImage(chatOnly, { model: 'm', prompt: 'x' })).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/cannot generate images/),
    });
    await expect(
      generateImage(null as unknown as Provider, { model: 'm', prompt: 'x' }),
    ).rejects.toThrow(ValidationError);
  });
});
