import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOtelGlobals, tracedProcess } from '../test/support/test-otel.js';
import { a2aTools } from './client/a2a-tools.js';
import { serveA2A } from './server/serve-a2a.js';

let unregister: () => void;
beforeAll(() => {
  unregister = registerOtelGlobals();
});
afterAll(() => unregister());

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a word up in the dictionary',
  input: Type.Object({ word: Type.String() }),
  execute: async ({ word }) => ({ word, meaning: 'something that acts on behalf of another' }),
});

describe('a ReAct agent delegating to a remote aigo agent over A2A', () => {
  it('gets the remote answer, and the remote agent’s spans nest under the caller’s tool span', async () => {
    // The remote process: a ReAct agent with a tool, served over A2A.
    const remote = tracedProcess();
    const remoteModel = createFakeProvider()
      .toolCall('lookup', { word: 'agent' })
      .text('An agent is something that acts on behalf of another.');
    const dictionary = createReAct(
      createClient(remoteModel, {
        env: {},
        defaultModel: 'remote-model',
        tools: [lookup],
        observer: remote.observer,
      }),
      { name: 'dictionary', description: 'Defines words' },
    );
    const server = await serveA2A(dictionary, { observer: remote.observer });

    try {
      // The calling process: a ReAct agent whose tools are the remote agent's.
      const caller = tracedProcess();
      const tools = await a2aTools({ url: server.url, observer: caller.observer });
      expect(tools.map((tool) => tool.name)).toEqual(['dictionary']);
      const callerModel = createFakeProvider()
        .toolCall('dictionary', { message: 'What does "agent" mean?' })
        .text('It means something that acts on behalf of another.');
      const agent = createReAct(
        createClient(callerModel, {
          env: {},
          defaultModel: 'caller-model',
          tools,
          observer: caller.observer,
        }),
        { name: 'writer' },
      );

      const result = await agent.execute('Define "agent" for me.');
      expect(result.data).toBe('It means something that acts on behalf of another.');
      // The caller's model read the remote agent's answer.
      const toolMessage = callerModel.requests[1]?.messages.find((m) => m.role === 'tool');
      expect(JSON.stringify(toolMessage)).toContain(
        'An agent is something that acts on behalf of another.',
      );
      // The remote model got the question, and ran its own tool.
      expect(JSON.stringify(remoteModel.requests[0]?.messages)).toContain(
        'What does \\"agent\\" mean?',
      );

      const toolSpan = caller.span('execute_tool dictionary').spanContext();
      const remoteRun = remote.span('invoke_agent');
      expect(remoteRun.spanContext().traceId).toBe(toolSpan.traceId);
      expect(remoteRun.parentSpanContext?.spanId).toBe(toolSpan.spanId);
      expect(remoteRun.parentSpanContext?.isRemote).toBe(true);
      // Everything the remote agent did is in the caller's trace, under its run.
      const remoteRunId = remoteRun.spanContext().spanId;
      const remoteChildren = remote
        .spans()
        .filter((s) => s.parentSpanContext?.spanId === remoteRunId);
      expect(remoteChildren.map((s) => s.name).sort()).toEqual([
        'chat remote-model',
        'chat remote-model',
        'execute_tool lookup',
      ]);
      for (const span of remote.spans()) expect(span.spanContext().traceId).toBe(toolSpan.traceId);
    } finally {
      await server.close();
    }
  });
});
