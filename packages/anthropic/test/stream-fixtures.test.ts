/**
 * Recorded Messages API streams replayed to `streamMessage`: what the adapter sent, the events it
 * made of every SSE event type, and `collect()`.
 */
import {
  assistantMessage,
  type ChatStream,
  documentPart,
  ProviderError,
  type StreamEvent,
  textPart,
  userMessage,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  fixtureJson,
  fixtureText,
  MESSAGES_PATH,
  readEvents,
  rejection,
  route,
  sentBody,
  startRig,
} from './support/harness.js';

type Json = Record<string, unknown>;

/** Every event as the adapter produced it, through a hook (no joining). */
async function adapterEvents(stream: ChatStream): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  stream.addHooks({ onEvent: (event) => events.push(event) });
  for await (const _ of stream) {
    // The hook records.
  }
  return events;
}

describe('streamMessage against recorded streams', () => {
  it('stream-text.sse: sends stream: true; start, text, usage from message_start and message_delta, finish last', async () => {
    await using rig = await startRig([route('stream-text.sse')]);
    const stream = await rig.provider.streamMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('Two names for a pet pelican, be brief')],
      maxOutputTokens: 8192,
      temperature: 1,
      providerOptions: { anthropic: { cache: false } },
    });
    const events = await readEvents(stream);
    expect(sentBody(rig, 0)).toStrictEqual(fixtureJson('stream-text.request.json'));
    expect(rig.server.requests[0]?.headers.accept).toMatch(/text\/event-stream/);
    expect(events[0]).toMatchObject({ type: 'start', model: 'claude-sonnet-4-5-20250929' });
    expect(events.at(-1)).toStrictEqual({
      type: 'finish',
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
    });
    const response = stream.partial;
    expect(response.content.length).toBeGreaterThan(0);
    expect(response.usage?.completionTokens).toBeGreaterThan(3);
  });

  it('stream-thinking.sse: thinking deltas are reasoning events; the signature delta lands in the block record', async () => {
    await using rig = await startRig([route('stream-thinking.sse')]);
    const stream = await rig.provider.streamMessage({
      model: 'claude-haiku-4-5-20251001',
      messages: [userMessage('Two names for a pet pelican, be brief')],
      maxOutputTokens: 8192,
      temperature: 1,
      reasoning: { budgetTokens: 1024 },
      providerOptions: { anthropic: { cache: false } },
    });
    const events = await adapterEvents(stream);
    expect(sentBody(rig, 0)).toStrictEqual(fixtureJson('stream-thinking.request.json'));
    const reasoning = events.filter((e) => e.type === 'reasoning');
    expect(reasoning.length).toBeGreaterThan(2);
    const response = await stream.collect();
    const signature = /"signature_delta","signature":"([^"]+)"/.exec(
      fixtureText('stream-thinking.sse'),
    )?.[1];
    expect(response.providerMetadata?.anthropic?.blocks).toStrictEqual([
      { kind: 'thinking', length: response.reasoning?.length, signature },
      { kind: 'text', length: response.content.length },
    ]);
    expect(response.reasoning).toMatch(/^The user wants two names for a pet pelican/);
  });

  it('stream-tool-use.sse: input_json_delta fragments join into the arguments', async () => {
    await using rig = await startRig([route('stream-tool-use.sse')]);
    const stream = await rig.provider.streamMessage({
      model: 'claude-haiku-4-5',
      messages: [userMessage('x')],
    });
    const response = await stream.collect();
    expect(response.finishReason).toBe('tool_calls');
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]?.function.name).toBe('weather');
    expect(JSON.parse(response.toolCalls[0]?.function.arguments ?? '')).toStrictEqual({
      latitude: '52.5200',
      longitude: '13.4050',
    });
  });

  it('stream-tool-calls-parallel.sse: two calls, each with its own fragments cut mid-key', async () => {
    await using rig = await startRig([route('stream-tool-calls-parallel.sse')]);
    const response = await (
      await rig.provider.streamMessage({ model: 'claude-sonnet-4-0', messages: [userMessage('x')] })
    ).collect();
    expect(response.toolCalls.map((call) => JSON.parse(call.function.arguments))).toStrictEqual([
      { password: 'mellon' },
      { password: 'radiance' },
    ]);
    expect(new Set(response.toolCalls.map((call) => call.id)).size).toBe(2);
    expect(response.content.length).toBeGreaterThan(0);
  });

  it('stream-tool-calls-parallel-no-args.sse and stream-text-then-tool-use-no-args.chunks.jsonl: no input means {}', async () => {
    await using rig = await startRig([
      route('stream-tool-calls-parallel-no-args.sse', { times: 1 }),
      route('stream-text-then-tool-use-no-args.chunks.jsonl', { times: 1 }),
    ]);
    for (let i = 0; i < 2; i++) {
      const response = await (
        await rig.provider.streamMessage({
          model: 'claude-haiku-4-5',
          messages: [userMessage('x')],
        })
      ).collect();
      expect(response.toolCalls.length).toBeGreaterThan(0);
      for (const call of response.toolCalls) expect(call.function.arguments).toBe('{}');
    }
  });

  it('stream-usage-cache-read.sse: cache reads in the prompt, counted once', async () => {
    await using rig = await startRig([route('stream-usage-cache-read.sse')]);
    const response = await (
      await rig.provider.streamMessage({ model: 'claude-sonnet-4-5', messages: [userMessage('x')] })
    ).collect();
    // 3 input + 1,217 read + 0 written; message_delta repeats the counts with the final output.
    expect(response.usage).toStrictEqual({
      promptTokens: 1220,
      completionTokens: 4,
      totalTokens: 1224,
      cachedTokens: 1217,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
    });
  });

  it('stream-stop-sequence.sse and stream-max-tokens.sse: finish reasons and the stop sequence', async () => {
    await using rig = await startRig([
      route('stream-stop-sequence.sse', { times: 1 }),
      route('stream-max-tokens.sse', { times: 1 }),
    ]);
    const stopped = await (
      await rig.provider.streamMessage({
        model: 'claude-haiku-4-5-20251001',
        messages: [
          userMessage('Very short function describing a pelican'),
          assistantMessage('```python'),
        ],
        stop: ['```'],
        maxOutputTokens: 8192,
        temperature: 1,
        providerOptions: { anthropic: { cache: false } },
      })
    ).collect();
    expect(sentBody(rig, 0)).toStrictEqual(fixtureJson('stream-stop-sequence.request.json'));
    expect([stopped.finishReason, stopped.rawFinishReason]).toEqual(['stop', 'stop_sequence']);
    expect(stopped.providerMetadata).toStrictEqual({ anthropic: { stopSequence: '```' } });
    const cut = await (
      await rig.provider.streamMessage({
        model: 'claude-sonnet-4-0',
        messages: [userMessage('x')],
        maxOutputTokens: 50,
      })
    ).collect();
    expect(cut.finishReason).toBe('length');
    expect(cut.usage?.completionTokens).toBe(50);
  });

  it('stream-structured-output-json-schema.sse: the JSON answer streams as text', async () => {
    await using rig = await startRig([route('stream-structured-output-json-schema.sse')]);
    const schema = (
      fixtureJson('stream-structured-output-json-schema.request.json').output_format as Json
    ).schema as Json;
    const response = await (
      await rig.provider.streamMessage({
        model: 'claude-sonnet-4-5',
        messages: [userMessage('Please recommend the most popular book by Patrick Rothfuss')],
        responseFormat: { type: 'json', schema },
      })
    ).collect();
    expect((sentBody(rig, 0) as Json).output_config).toStrictEqual({
      format: { type: 'json_schema', schema },
    });
    expect(JSON.parse(response.content)).toMatchObject({ author: { last_name: 'Rothfuss' } });
  });

  it('stream-citations-document-text.sse: citations_delta become grounding over the block’s span', async () => {
    await using rig = await startRig([route('stream-citations-document-text.sse')]);
    const data = (
      fixtureJson('stream-citations-document-text.request.json').messages as Json[]
    )[0] as Json;
    const document = ((data.content as Json[])[1] as Json).source as Json;
    const response = await (
      await rig.provider.streamMessage({
        model: 'claude-haiku-4-5-20251001',
        messages: [
          userMessage([
            textPart('Who created Ruby? Use the document.'),
            documentPart(Buffer.from(String(document.data)), 'text/plain', {
              providerMetadata: { anthropic: { title: 'facts.txt', citations: true } },
            }),
          ]),
        ],
      })
    ).collect();
    const sent = (sentBody(rig, 0) as { messages: Json[] }).messages[0] as Json;
    expect((sent.content as Json[])[1]).toMatchObject({
      type: 'document',
      source: document,
      title: 'facts.txt',
      citations: { enabled: true },
    });
    const supports = response.grounding?.supports ?? [];
    expect(supports.length).toBeGreaterThan(0);
    for (const support of supports) {
      expect(response.content.slice(support.startIndex, support.endIndex)).toBe(support.text);
    }
    expect(response.grounding?.sources).toStrictEqual([
      { index: 0, uri: 'document:0', title: 'facts.txt' },
    ]);
  });

  it('stream-web-search.sse: queries, results and citations; no ping needed', async () => {
    await using rig = await startRig([route('stream-web-search.sse')]);
    const { anthropicTools } = await import('../src/index.js');
    const response = await (
      await rig.provider.streamMessage({
        model: 'claude-opus-4-1-20250805',
        messages: [userMessage('What is the current weather in San Francisco?')],
        tools: [anthropicTools.webSearch()],
      })
    ).collect();
    expect(response.grounding?.searchQueries.length).toBeGreaterThan(0);
    expect(response.grounding?.sources.length).toBeGreaterThan(0);
    for (const support of response.grounding?.supports ?? []) {
      expect(response.content.slice(support.startIndex, support.endIndex)).toBe(support.text);
    }
    const kinds = ((response.providerMetadata?.anthropic?.blocks ?? []) as Json[]).map(
      (record) => record.kind,
    );
    expect(kinds.slice(0, 3)).toEqual(['block', 'block', 'text']);
  });

  it('stream-code-execution.chunks.jsonl and stream-web-fetch.chunks.jsonl', async () => {
    await using rig = await startRig([
      route('stream-code-execution.chunks.jsonl', { times: 1 }),
      route('stream-web-fetch.chunks.jsonl', { times: 1 }),
    ]);
    const code = await (
      await rig.provider.streamMessage({ model: 'claude-sonnet-5', messages: [userMessage('x')] })
    ).collect();
    expect(code.codeExecutions?.length).toBeGreaterThan(0);
    expect(code.codeExecutions?.[0]?.code.length).toBeGreaterThan(0);
    const fetched = await (
      await rig.provider.streamMessage({ model: 'claude-sonnet-5', messages: [userMessage('x')] })
    ).collect();
    expect(fetched.grounding?.urlContextSources?.[0]?.status).toBe('ok');
  });

  it('stream-error-event.built.sse: an error event rejects with the typed error, the partial text and usage', async () => {
    await using rig = await startRig([route('stream-error-event.built.sse')]);
    const stream = await rig.provider.streamMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('x')],
    });
    const error = await rejection(stream.collect());
    expect(error).toBeInstanceOf(ProviderError);
    const failure = error as ProviderError;
    expect([failure.code, failure.retryable, failure.providerCode]).toEqual([
      'overloaded',
      true,
      'overloaded_error',
    ]);
    expect(failure.partial?.content).toBe('The answer begins');
    expect(failure.usage?.promptTokens).toBe(12);
  });

  it('stream-refusal.built.sse: refusal is content_filter, the raw value kept', async () => {
    await using rig = await startRig([route('stream-refusal.built.sse')]);
    const response = await (
      await rig.provider.streamMessage({ model: 'claude-sonnet-4-5', messages: [userMessage('x')] })
    ).collect();
    expect([response.finishReason, response.rawFinishReason]).toEqual([
      'content_filter',
      'refusal',
    ]);
  });

  it('a body cut before message_stop fails with stream_error', async () => {
    const whole = fixtureText('stream-text.sse');
    await using rig = await startRig([
      { path: MESSAGES_PATH, sse: whole.slice(0, whole.indexOf('event: message_delta')) },
    ]);
    const stream = await rig.provider.streamMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('x')],
    });
    const error = await rejection(stream.collect());
    expect((error as ProviderError).code).toBe('stream_error');
  });

  it('an error status on a stream request rejects streamMessage itself', async () => {
    await using rig = await startRig([route('error-404-not-found-on-stream-request.json')]);
    const error = await rejection(
      rig.provider.streamMessage({ model: 'claude-sonnet-4-0', messages: [userMessage('x')] }),
    );
    expect((error as ProviderError).code).toBe('model_not_found');
  });
});
