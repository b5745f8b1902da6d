// A parallel input guardrail tripping while the model streams from a real local server: @aigo/openai
// against a recorded OpenAI stream that stalls after its first words (the server holds the socket
// open), so the run is still reading when the guardrail decides.
import { readFileSync } from 'node:fs';
import { type AgentEvent, AgentStoppedError } from '@aigo/ai';
import { createClient, inMemoryMemory, type Overview } from '@aigo/client';
import { openai } from '@aigo/openai';
import { deferred, fixturePath, startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createReAct } from '../src/create-react.js';

const FIXTURE = 'openai-chat/stream-text-with-usage.sse';

describe('a parallel input guardrail over @aigo/openai (real local server)', () => {
  it('aborts the streaming call: its socket closes, nothing is stored, no cost the provider did not report', async () => {
    const sse = readFileSync(fixturePath(FIXTURE));
    // The first two events (the role, then "The"), then the server stalls with the socket open.
    const afterBytes = sse.indexOf('\n\n', sse.indexOf('\n\n') + 2) + 2;
    await using server = await startRecordedServer([
      {
        path: '/v1/chat/completions',
        sse,
        headers: { 'content-type': 'text/event-stream' },
        fault: { kind: 'stall', afterBytes },
      },
    ]);
    const client = createClient(
      openai({ baseURL: `${server.url}/v1`, apiKey: 'sk-guardrail-0123456789', api: 'chat' }),
      {
        env: {},
        defaultModel: 'gpt-4o-mini',
        modelCost: { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
      },
    );
    const firstWords = deferred<void>();
    const agent = createReAct(client, {
      guardrails: {
        input: [
          {
            name: 'topic',
            mode: 'parallel',
            check: async () => {
              // A slow classifier: it answers once the model already streams.
              await firstWords.promise;
              return { tripwire: true, reason: 'off topic' };
            },
          },
        ],
      },
    });
    const memory = inMemoryMemory();
    const events: AgentEvent[] = [];
    const stream = agent.executeStream('Tell me about dragons', { memory });
    let closed: Promise<void> | undefined;
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'content' && closed === undefined) {
        // The request's socket is open now, the stream stalled after these words.
        expect(server.openSockets).toBe(1);
        closed = server.waitForSocketsClosed();
        firstWords.resolve();
      }
    }
    // The stalled request's socket closes (the server would have held it open), and no other
    // request was made.
    await closed;
    expect(server.requests).toHaveLength(1);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('iteration_start');
    expect(types).toContain('content');
    expect(types.slice(-2)).toEqual(['guardrail_tripped', 'error']);
    const error = (events.at(-1) as unknown as { error: AgentStoppedError }).error;
    expect(AgentStoppedError.isInstance(error)).toBe(true);
    expect(error.stopReason).toBe('guardrail');
    expect(error.guardrail).toMatchObject({ name: 'topic', kind: 'input', reason: 'off topic' });
    expect(await memory.allMessages()).toEqual([]);
    // The stream was cut before the provider reported usage: nothing is counted or billed.
    const overview = error.overview as Overview;
    expect(overview.totalUsage.totalTokens).toBe(0);
    expect(overview.costSummary().totalModelCost).toBe(0);
    await expect(stream.collect()).rejects.toBe(error);
  });
});
