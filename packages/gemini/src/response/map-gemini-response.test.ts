import { ProviderError, ResponseAccumulator, type StreamEvent } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import type { GeminiResponse } from '../wire/gemini-api.js';
import { GeminiResponseMapper } from './gemini-response-mapper.js';
import { mapGeminiResponse } from './map-gemini-response.js';

const withParts = (parts: unknown[], extra: Record<string, unknown> = {}): GeminiResponse =>
  ({
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }],
    responseId: 'r1',
    modelVersion: 'gemini-x',
    ...extra,
  }) as GeminiResponse;

/** Maps chunks as a stream would, returning the events and the accumulated response. */
function mapChunks(chunks: GeminiResponse[]) {
  const mapper = new GeminiResponseMapper('requested');
  const accumulator = new ResponseAccumulator();
  const events: StreamEvent[] = [];
  const sink = {
    enqueue(event: StreamEvent) {
      events.push(event);
      accumulator.add(event);
    },
  };
  for (const chunk of chunks) mapper.map(chunk, sink);
  mapper.finish(sink);
  return { events, response: accumulator.toResponse() };
}

describe('mapGeminiResponse: parts', () => {
  it('maps generated media by MIME type: images, audio, videos; file outputs by URI', () => {
    const response = mapGeminiResponse(
      withParts([
        { inlineData: { mimeType: 'image/png', data: 'AAA' }, thoughtSignature: 'img-sig' },
        { inlineData: { mimeType: 'audio/L16;rate=24000', data: 'BBB' } },
        { fileData: { mimeType: 'video/mp4', fileUri: 'https://example.com/v.mp4' } },
        { inlineData: { mimeType: 'image/png', data: 'thinking' }, thought: true },
      ]),
      'requested',
    );
    expect(response.images).toStrictEqual([
      {
        mimeType: 'image/png',
        data: 'AAA',
        providerMetadata: { gemini: { thoughtSignature: 'img-sig' } },
      },
    ]);
    expect(response.audio).toStrictEqual([{ mimeType: 'audio/L16;rate=24000', data: 'BBB' }]);
    expect(response.videos).toStrictEqual([
      { mimeType: 'video/mp4', uri: 'https://example.com/v.mp4' },
    ]);
  });

  it('pairs each code execution with the result that follows it; keeps lone code and lone results', () => {
    const response = mapGeminiResponse(
      withParts([
        { executableCode: { language: 'PYTHON', code: 'print(1)' } },
        { codeExecutionResult: { outcome: 'OUTCOME_FAILED', output: 'boom' } },
        { executableCode: { language: 'PYTHON', code: 'while True: pass' } },
        { executableCode: { language: 'PYTHON', code: 'print(2)' } },
        { codeExecutionResult: { outcome: 'OUTCOME_DEADLINE_EXCEEDED' } },
        { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '3' } },
        { text: 'done' },
      ]),
      'requested',
    );
    expect(response.codeExecutions).toStrictEqual([
      { language: 'python', code: 'print(1)', outcome: 'failed', output: 'boom' },
      { language: 'python', code: 'while True: pass' },
      { language: 'python', code: 'print(2)', outcome: 'deadline_exceeded' },
      { language: 'python', code: '', outcome: 'ok', output: '3' },
    ]);
    expect(response.content).toBe('done');
  });

  it('flushes code without a result at the end', () => {
    const response = mapGeminiResponse(
      withParts([{ executableCode: { language: 'PYTHON', code: 'x = 1' } }]),
      'requested',
    );
    expect(response.codeExecutions).toStrictEqual([{ language: 'python', code: 'x = 1' }]);
  });

  it('uses the API’s functionCall id and keeps it for the next turn', () => {
    const response = mapGeminiResponse(
      withParts([{ functionCall: { id: 'fc-9', name: 'f', args: { a: 1 } } }]),
      'requested',
    );
    expect(response.toolCalls).toStrictEqual([
      {
        id: 'fc-9',
        type: 'function',
        function: { name: 'f', arguments: '{"a":1}' },
        providerMetadata: { gemini: { functionCallId: 'fc-9' } },
      },
    ]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('without candidates (and no block) finishes as error; without responseId or modelVersion uses fallbacks', () => {
    const response = mapGeminiResponse(
      { usageMetadata: { promptTokenCount: 3, totalTokenCount: 3 } },
      'requested',
    );
    expect(response).toStrictEqual({
      id: expect.stringMatching(/^gemini-/),
      model: 'requested',
      content: '',
      toolCalls: [],
      finishReason: 'error',
      usage: { promptTokens: 3, completionTokens: 0, totalTokens: 3 },
    });
  });

  it('rejects a body that is not a response object with invalid_response', () => {
    expect(() => mapGeminiResponse([] as unknown as GeminiResponse, 'requested')).toThrow(
      expect.objectContaining({ code: 'invalid_response' }),
    );
  });

  it('a blocked prompt throws prompt_blocked with the partial response and usage', () => {
    let error: unknown;
    try {
      mapGeminiResponse(
        {
          promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
          usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
          responseId: 'blocked-1',
        },
        'requested',
      );
    } catch (caught) {
      error = caught;
    }
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'prompt_blocked',
      providerCode: 'PROHIBITED_CONTENT',
      usage: { promptTokens: 5, completionTokens: 0, totalTokens: 5 },
      partial: { id: 'blocked-1', model: 'requested', content: '' },
    });
  });

  it('a block message without a reason blocks only before any candidate came', () => {
    let error: unknown;
    try {
      mapGeminiResponse(
        { promptFeedback: { blockReasonMessage: 'not allowed' }, responseId: 'blocked-2' },
        'requested',
      );
    } catch (caught) {
      error = caught;
    }
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'prompt_blocked',
      message: 'Gemini blocked the prompt: not allowed',
    });
    expect((error as ProviderError).providerCode).toBeUndefined();

    const { response } = mapChunks([
      withParts([{ text: 'fine' }], { promptFeedback: { blockReasonMessage: 'only a note' } }),
    ]);
    expect(response.content).toBe('fine');
    expect(response.finishReason).toBe('stop');
  });

  it('reads Vertex retrievedContext grounding chunks as sources, keeping chunk indexes', () => {
    const response = mapGeminiResponse(
      {
        candidates: [
          {
            content: { parts: [{ text: 'x' }] },
            finishReason: 'STOP',
            groundingMetadata: {
              groundingChunks: [
                { other: {} } as never,
                { retrievedContext: { uri: 'gs://b/doc.pdf', title: 'doc' } } as never,
              ],
              groundingSupports: [
                { segment: { endIndex: 1, text: 'x' }, groundingChunkIndices: [1] },
              ],
            },
          },
        ],
      },
      'requested',
    );
    expect(response.grounding).toStrictEqual({
      searchQueries: [],
      sources: [{ index: 1, uri: 'gs://b/doc.pdf', title: 'doc' }],
      supports: [{ text: 'x', startIndex: 0, endIndex: 1, sourceIndices: [1] }],
    });
  });
});

describe('GeminiResponseMapper across chunks', () => {
  it('sends a grounding support once when chunks repeat it, and collects them all', () => {
    const grounding = (supports: number[]) => ({
      groundingChunks: [{ web: { uri: 'https://a.example', title: 'a' } }],
      groundingSupports: supports.map((end) => ({
        segment: { startIndex: 0, endIndex: end, text: 'x'.repeat(end) },
        groundingChunkIndices: [0],
      })),
      webSearchQueries: ['q'],
    });
    const { events, response } = mapChunks([
      { candidates: [{ content: { parts: [{ text: 'xx' }] }, groundingMetadata: grounding([2]) }] },
      {
        candidates: [
          {
            content: { parts: [{ text: 'xx' }] },
            groundingMetadata: grounding([2, 4]),
            finishReason: 'STOP',
          },
        ],
      },
    ]);
    const supportsPerEvent = events
      .filter((event) => event.type === 'metadata' && event.grounding !== undefined)
      .map((event) => (event.type === 'metadata' ? event.grounding?.supports.length : 0));
    expect(supportsPerEvent).toEqual([1, 1]);
    expect(response.grounding?.supports.map((support) => support.endIndex)).toEqual([2, 4]);
    expect(response.grounding?.searchQueries).toEqual(['q']);
  });

  it('emits every function call of every chunk, indexed across the stream', () => {
    const { response } = mapChunks([
      {
        candidates: [{ content: { parts: [{ functionCall: { name: 'a', args: {} } }] } }],
        responseId: 'r1',
      },
      withParts([{ functionCall: { name: 'b', args: { x: 1 } } }]),
    ]);
    expect(
      response.toolCalls.map((call) => [call.id, call.function.name, call.function.arguments]),
    ).toEqual([
      ['call_r1_0', 'a', '{}'],
      ['call_r1_1', 'b', '{"x":1}'],
    ]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('maps a chunk mixing text, thought, signature and media parts in order, skipping non-objects', () => {
    const { events, response } = mapChunks([
      {
        candidates: [
          {
            content: {
              parts: [
                { text: 'why', thought: true },
                null,
                { text: 'answer', thoughtSignature: 'sig-1' },
                7,
                { inlineData: { mimeType: 'image/png', data: 'AAA' } },
              ],
            },
            finishReason: 'STOP',
          },
        ],
        responseId: 'r2',
      } as unknown as GeminiResponse,
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'start',
      'reasoning',
      'content',
      'metadata',
      'metadata',
      'metadata',
      'finish',
    ]);
    expect(response).toMatchObject({
      id: 'r2',
      reasoning: 'why',
      content: 'answer',
      images: [{ mimeType: 'image/png', data: 'AAA' }],
      providerMetadata: {
        gemini: {
          thoughtSignature: 'sig-1',
          parts: [
            { kind: 'thought', length: 3 },
            { kind: 'text', length: 6, thoughtSignature: 'sig-1' },
            { kind: 'part', part: { inlineData: { mimeType: 'image/png', data: 'AAA' } } },
          ],
        },
      },
      finishReason: 'stop',
    });
  });

  it('emits usage only when it changes, and finish once at the end', () => {
    const usage = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };
    const { events } = mapChunks([
      { candidates: [{ content: { parts: [{ text: 'a' }] } }], usageMetadata: usage },
      { candidates: [{ content: { parts: [{ text: 'b' }] } }], usageMetadata: usage },
      {
        candidates: [{ content: { parts: [{ text: 'c' }] }, finishReason: 'MAX_TOKENS' }],
        usageMetadata: { ...usage, candidatesTokenCount: 2, totalTokenCount: 3 },
      },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'start',
      'content',
      'usage',
      'content',
      'content',
      'usage',
      'finish',
    ]);
    expect(events.at(-1)).toStrictEqual({
      type: 'finish',
      finishReason: 'length',
      rawFinishReason: 'MAX_TOKENS',
    });
  });
});
