// An abort from the top of three nested agents reaches the innermost agent's model request: its
// socket, on a real local server replaying a recorded OpenAI stream that stalls mid-answer, closes.
import { AgentStoppedError, agentEventPath } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import {
  createFakeProvider,
  fixtureRoute,
  loadFixture,
  sseStallPoint,
  startRecordedServer,
} from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { agentTool } from '../src/agent-tool/agent-tool.js';
import { createReAct } from '../src/create-react.js';

const PATH = '/v1/chat/completions';

describe('agentTool: abort from the top', () => {
  it("closes the innermost agent's model request socket and stops every level", async () => {
    const fixture = 'openai-chat/stream-text-with-usage.sse';
    await using upstream = await startRecordedServer([
      fixtureRoute({
        path: PATH,
        fixture,
        fault: { kind: 'stall', afterBytes: sseStallPoint(loadFixture(fixture)) },
      }),
    ]);
    const checker = createReAct(
      createClient(openai({ baseURL: `${upstream.url}/v1`, apiKey: 'sk-test-0123', api: 'chat' }), {
        env: {},
        defaultModel: 'gpt-4o-mini',
      }),
      { name: 'checker', description: 'Checks a claim' },
    );
    const researcher = createReAct(
      createClient(createFakeProvider().toolCall('checker', { prompt: 'Check it' }).text('x'), {
        defaultModel: 'fake',
        tools: [agentTool(checker)],
      }),
      { name: 'researcher', description: 'Finds facts' },
    );
    const writer = createReAct(
      createClient(createFakeProvider().toolCall('researcher', { prompt: 'Find' }).text('x'), {
        defaultModel: 'fake',
        tools: [agentTool(researcher)],
      }),
      { name: 'writer' },
    );
    const top = new AbortController();

    const stream = writer.executeStream('Write', { signal: top.signal });
    let requestSocketClosed: Promise<void> | undefined;
    for await (const event of stream) {
      const { path, event: inner } = agentEventPath(event);
      // The innermost model is stalled mid-answer, its request's socket open: stop from the top.
      if (
        path.join('/') === 'researcher/checker' &&
        inner.type === 'content' &&
        !top.signal.aborted
      ) {
        expect(upstream.openSockets).toBeGreaterThan(0);
        requestSocketClosed = upstream.waitForSocketsClosed();
        top.abort();
      }
    }

    const outcome = await stream.collect().then(
      () => 'finished',
      (error: unknown) => error,
    );
    // The socket of the innermost model request closed (this resolves only once it has).
    await requestSocketClosed;
    expect(requestSocketClosed).toBeDefined();
    expect(upstream.requests).toHaveLength(1);
    expect(AgentStoppedError.isInstance(outcome) && outcome.stopReason).toBe('aborted');
  });
});
