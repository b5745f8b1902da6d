import { type AgentEvent, defineTool, imagePart, type ToolProgress, withContent } from '@aigo/ai';
import { createClient, type ToolProgressInfo } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct } from './create-react.js';

const PIXEL = imagePart('iVBORw0KGgo=', 'image/png');

/** A tool that keeps the run ids it saw, reports progress twice and returns an image. */
function photographer() {
  const runIds: (string | undefined)[] = [];
  const tool = defineTool({
    name: 'photograph',
    description: 'Photographs a place',
    input: Type.Object({ place: Type.String() }),
    execute: ({ place }, ctx) => {
      runIds.push(ctx.runId);
      ctx.progress({ progress: 1, total: 2, message: 'focusing' });
      ctx.progress({ progress: 2, total: 2 });
      return withContent({ place }, [PIXEL]);
    },
  });
  return { tool, runIds };
}

function script() {
  return createFakeProvider()
    .toolCall('photograph', { place: 'Paris' }, { id: 'call_1' })
    .text('A photo of Paris.');
}

describe('the tool context of a ReAct run', () => {
  it('gives every run an id: the runId option, else a fresh UUID per run', async () => {
    const { tool, runIds } = photographer();
    const agent = createReAct(createClient(script(), { env: {}, tools: [tool] }));
    await agent.execute('Photograph Paris.', { runId: 'run-42' });
    expect(runIds).toEqual(['run-42']);

    const fresh = createReAct(createClient(script(), { env: {}, tools: [tool] }));
    await fresh.execute('Photograph Paris.');
    const other = createReAct(createClient(script(), { env: {}, tools: [tool] }));
    await other.execute('Photograph Paris.');
    expect(runIds[1]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(runIds[2]).not.toBe(runIds[1]);

    expect(() => agent.executeStream('x', { runId: '' })).toThrow(
      expect.objectContaining({ argument: 'runId' }),
    );
  });

  it('passes the a2a run option to every tool as ctx.a2a (undefined without one)', async () => {
    const seen: unknown[] = [];
    const tool = defineTool({
      name: 'inspect',
      description: 'Looks at the request',
      execute: (_input, ctx) => {
        seen.push(ctx.a2a);
        return { ok: true };
      },
    });
    const a2a = {
      messageId: 'm-1',
      contextId: 'c-1',
      taskId: 't-1',
      referenceTaskIds: ['t-0'],
      metadata: { route: 'billing' },
      principal: { id: 'alice' },
    };
    const provider = createFakeProvider()
      .toolCall('inspect', {})
      .text('Done.')
      .toolCall('inspect', {})
      .text('Done.');
    const agent = createReAct(createClient(provider, { env: {}, tools: [tool] }));
    await agent.execute('Look.', { a2a });
    await agent.execute('Look.');
    expect(seen).toEqual([a2a, undefined]);
    expect(() => agent.executeStream('x', { a2a: 'm-1' as never })).toThrow(
      expect.objectContaining({ argument: 'a2a' }),
    );
  });

  it('final_answer carries the images, audio and video of the final reply (none: no media field)', async () => {
    const image = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    const audio = { mimeType: 'audio/wav', uri: 'https://example.com/a.wav' };
    const provider = createFakeProvider()
      .response({ content: 'Made.', images: [image], audio: [audio] })
      .text('Plain.');
    const agent = createReAct(createClient(provider, { env: {} }));
    const finals: AgentEvent[] = [];
    for (const prompt of ['Make it.', 'Say it.']) {
      for await (const event of agent.executeStream(prompt)) {
        if (event.type === 'final_answer') finals.push(event);
      }
    }
    expect(finals).toEqual([
      expect.objectContaining({ content: 'Made.', media: [image, audio] }),
      expect.not.objectContaining({ media: expect.anything() }),
    ]);
  });

  it('streams tool_progress events between tool_call and tool_result, and the result’s parts', async () => {
    const { tool } = photographer();
    const heard: ToolProgress[] = [];
    const agent = createReAct(createClient(script(), { env: {}, tools: [tool] }), {
      onToolProgress: (info: ToolProgressInfo) => {
        heard.push(info.progress);
      },
    });

    const events: AgentEvent<string>[] = [];
    for await (const event of agent.executeStream('Photograph Paris.')) events.push(event);

    const toolCall = {
      id: 'call_1',
      type: 'function',
      function: { name: 'photograph', arguments: '{"place":"Paris"}' },
    };
    expect(events.filter((event) => event.iteration === 1 && event.type !== 'content')).toEqual([
      { type: 'iteration_start', iteration: 1 },
      { type: 'tool_call', iteration: 1, toolCall },
      {
        type: 'tool_progress',
        iteration: 1,
        toolCall,
        progress: { progress: 1, total: 2, message: 'focusing' },
      },
      { type: 'tool_progress', iteration: 1, toolCall, progress: { progress: 2, total: 2 } },
      {
        type: 'tool_result',
        iteration: 1,
        toolCall,
        result: '{"place":"Paris"}',
        failed: false,
        content: [PIXEL],
      },
    ]);
    // The agent's own hook hears the reports too.
    expect(heard).toHaveLength(2);
  });

  it('a run that is not streamed still calls the onToolProgress hook', async () => {
    const { tool } = photographer();
    const heard: string[] = [];
    const agent = createReAct(createClient(script(), { env: {}, tools: [tool] }), {
      onToolProgress: ({ toolCall, progress }) => {
        heard.push(`${toolCall.id}:${progress.progress}`);
      },
    });
    await agent.execute('Photograph Paris.', { runId: 'r' });
    expect(heard).toEqual(['call_1:1', 'call_1:2']);
  });

  it('the model reads the tool’s parts after its text on the next call', async () => {
    const { tool } = photographer();
    const provider = script();
    await createReAct(createClient(provider, { env: {}, tools: [tool] })).execute('Go.');
    const toolMessage = provider.requests[1]?.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toEqual([{ type: 'text', text: '{"place":"Paris"}' }, PIXEL]);
  });
});
