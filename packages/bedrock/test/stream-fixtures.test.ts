/**
 * ConverseStream (`streamMessage`) against recorded events, framed as Bedrock sends them by
 * @smithy/eventstream-codec's encoder (built frames, recorded payloads), and one recorded binary
 * exception frame.
 */
import { ProviderError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  eventMessage,
  eventStreamBody,
  fixtureText,
  readEvents,
  rejection,
  startRig,
  streamFixtureRoute,
  streamRoute,
} from './support/harness.js';

const CLAUDE = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const request = { model: CLAUDE, messages: [{ role: 'user' as const, content: 'Hi' }] };

describe('streamMessage', () => {
  it('streams text, then metadata, usage and finish last', async () => {
    await using rig = await startRig([streamFixtureRoute('converse-stream-text.chunks.jsonl')]);
    const events = await readEvents(await rig.provider.streamMessage(request));
    expect(events.map((event) => event.type)).toEqual([
      'start',
      'content',
      'metadata',
      'usage',
      'finish',
    ]);
    expect(events[0]).toEqual({
      type: 'start',
      id: 'f3b3c1d2-0000-4000-8000-00000000stream',
      model: CLAUDE,
    });
    expect(events.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
    });
    expect(events[3]).toEqual({
      type: 'usage',
      usage: { promptTokens: 22, completionTokens: 55, totalTokens: 77 },
    });
    const sent = rig.server.requests[0];
    expect(sent?.path).toBe(
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
    );
    expect(sent?.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(sent?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it('decodes frames cut across writes (7 bytes per write)', async () => {
    await using rig = await startRig([
      streamFixtureRoute('converse-stream-text.chunks.jsonl', {
        fault: { kind: 'drip', bytesPerWrite: 7 },
      }),
    ]);
    const response = await (await rig.provider.streamMessage(request)).collect();
    expect(response.content).toMatch(/^Let me count the "r"s in "strawberry":/);
    expect(response.finishReason).toBe('stop');
  });

  it('streams reasoning and keeps its signature for the next turn', async () => {
    await using rig = await startRig([
      streamFixtureRoute('converse-stream-reasoning.chunks.jsonl'),
    ]);
    const response = await (
      await rig.provider.streamMessage({ ...request, reasoning: { budgetTokens: 1024 } })
    ).collect();
    expect(response.reasoning).toMatch(/^Let me count the r's/);
    expect(response.content).toMatch(/^There are \*\*3\*\*/);
    const metadata = response.providerMetadata?.bedrock as
      | { reasoning?: { reasoningText: { signature: string } }[] }
      | undefined;
    const stored = metadata?.reasoning ?? [];
    expect(stored).toHaveLength(1);
    expect(stored[0]?.reasoningText.signature).toMatch(/^Ep0CCkgI/);
  });

  it('streams a tool call whose metadata comes before messageStop', async () => {
    await using rig = await startRig([
      streamFixtureRoute('converse-stream-tool-call.chunks.jsonl'),
    ]);
    const response = await (await rig.provider.streamMessage(request)).collect();
    expect(response.toolCalls).toEqual([
      {
        id: 'tool-use-id',
        type: 'function',
        function: { name: 'test-tool', arguments: '{"value":"Sparkle Day"}' },
      },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage?.totalTokens).toBe(170);
  });

  it('fails with the recorded modelStreamErrorException frame, not retryable, with the partial answer', async () => {
    const recorded = Buffer.from(
      fixtureText('converse-stream-model-stream-error.eventstream.base64').trim(),
      'base64',
    );
    const body = eventStreamBody([
      eventMessage('messageStart', { role: 'assistant' }),
      eventMessage('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Partial' } }),
      recorded,
    ]);
    await using rig = await startRig([streamRoute(body)]);
    const stream = await rig.provider.streamMessage(request);
    const error = await rejection(stream.collect());
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'provider_error',
      status: 424,
      retryable: false,
      providerCode: 'modelStreamErrorException',
    });
    expect((error as ProviderError).message).toContain('Model Stream Error');
    expect((error as ProviderError).partial?.content).toBe('Partial');
  });

  it('fails with a retryable error for a throttlingException frame (built)', async () => {
    const body = eventStreamBody([
      eventMessage('messageStart', { role: 'assistant' }),
      eventMessage(
        'throttlingException',
        { message: 'Too many tokens, please wait.' },
        'exception',
      ),
    ]);
    await using rig = await startRig([streamRoute(body)]);
    const error = await rejection((await rig.provider.streamMessage(request)).collect());
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryable: true });
  });

  it('fails with stream_error when the body ends before messageStop', async () => {
    const body = eventStreamBody([
      eventMessage('messageStart', { role: 'assistant' }),
      eventMessage('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Cut' } }),
    ]);
    await using rig = await startRig([streamRoute(body)]);
    const error = await rejection((await rig.provider.streamMessage(request)).collect());
    expect(error).toMatchObject({ code: 'stream_error', retryable: false });
  });

  it('fails with stream_error on bytes that are not an event stream', async () => {
    const good = eventMessage('messageStart', { role: 'assistant' });
    const broken = Buffer.from(good);
    broken[broken.length - 1] = (broken.at(-1) ?? 0) ^ 0xff;
    await using rig = await startRig([streamRoute(broken)]);
    const error = await rejection((await rig.provider.streamMessage(request)).collect());
    expect(error).toMatchObject({ code: 'stream_error' });
    expect((error as Error).message).toMatch(/AWS event stream is broken/);
  });
});
