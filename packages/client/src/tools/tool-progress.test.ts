import {
  type Attributes,
  defineTool,
  noopObserver,
  type Observer,
  type Span,
  type ToolCall,
  type ToolContext,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import type { ToolProgressInfo } from './tool-hooks.js';

/** Span names with the events recorded on them. */
function eventObserver(): Observer & {
  readonly spans: { name: string; events: [string, Attributes | undefined][] }[];
} {
  const spans: { name: string; events: [string, Attributes | undefined][] }[] = [];
  return {
    ...noopObserver,
    spans,
    startSpan(name: string): Span {
      const record = { name, events: [] as [string, Attributes | undefined][] };
      spans.push(record);
      return {
        setAttributes() {},
        addEvent(event, attributes) {
          record.events.push([event, attributes]);
        },
        recordError() {},
        setStatus() {},
        end() {},
      };
    },
  };
}

const call = (name: string, id = `id_${name}`): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});

/** A tool that reports progress twice while it runs, and keeps its context for later. */
function downloader() {
  const seen: { ctx?: ToolContext } = {};
  const tool = defineTool({
    name: 'download',
    description: 'Downloads a file',
    execute: (_input, ctx) => {
      seen.ctx = ctx;
      ctx.progress({ progress: 1, total: 2, message: 'half' });
      ctx.progress({ progress: 2 });
      return 'done';
    },
  });
  return { tool, seen };
}

describe('tool context: run id and progress', () => {
  it('passes the run id to the tool and to the hooks', async () => {
    const { tool, seen } = downloader();
    const runIds: (string | undefined)[] = [];
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [tool],
      beforeToolCall: (info) => {
        runIds.push(info.runId);
        return undefined;
      },
    });
    await client.executeToolCalls([call('download')], { runId: 'run-7' });
    expect(seen.ctx?.runId).toBe('run-7');
    expect(runIds).toEqual(['run-7']);

    await client.executeToolCalls([call('download')]);
    expect(seen.ctx?.runId).toBeUndefined();
  });

  it('a report becomes a tool.progress event on the execute_tool span and reaches onToolProgress', async () => {
    const { tool } = downloader();
    const observer = eventObserver();
    const reports: ToolProgressInfo[] = [];
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [tool],
      observer,
      onToolProgress: (info) => {
        reports.push(info);
      },
    });

    const [message] = await client.executeToolCalls([call('download', 'call_1')], {
      runId: 'run-1',
    });

    expect(message?.content).toBe('"done"');
    expect(observer.spans).toEqual([
      {
        name: 'execute_tool download',
        events: [
          ['tool.progress', { progress: 1, total: 2, message: 'half' }],
          ['tool.progress', { progress: 2 }],
        ],
      },
    ]);
    expect(reports.map((report) => report.progress)).toEqual([
      { progress: 1, total: 2, message: 'half' },
      { progress: 2 },
    ]);
    expect(reports[0]).toMatchObject({ tool, runId: 'run-1', toolCall: { id: 'call_1' } });
  });

  it('a per-call hook wins over the client’s; a throwing or rejecting hook never stops the tool', async () => {
    const { tool } = downloader();
    const clientHook: string[] = [];
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [tool],
      onToolProgress: () => {
        clientHook.push('client');
      },
    });

    let calls = 0;
    const [thrown] = await client.executeToolCalls([call('download')], {
      onToolProgress: () => {
        calls++;
        throw new Error('listener broke');
      },
    });
    const [rejected] = await client.executeToolCalls([call('download')], {
      onToolProgress: async () => {
        calls++;
        throw new Error('listener broke later');
      },
    });

    expect(thrown?.content).toBe('"done"');
    expect(rejected?.content).toBe('"done"');
    expect(calls).toBe(4);
    expect(clientHook).toEqual([]);
  });

  it('drops reports made after the call ended', async () => {
    const { tool, seen } = downloader();
    const reports: unknown[] = [];
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [tool],
      onToolProgress: (info) => {
        reports.push(info.progress);
      },
    });
    await client.executeToolCalls([call('download')]);
    seen.ctx?.progress({ progress: 3 });
    expect(reports).toHaveLength(2);
  });

  it('refuses an onToolProgress that is not a function, and a runId that is not a string', async () => {
    expect(() =>
      createClient(createFakeProvider(), { env: {}, onToolProgress: 'no' as never }),
    ).toThrow(expect.objectContaining({ argument: 'onToolProgress' }));
    const client = createClient(createFakeProvider(), { env: {} });
    await expect(client.executeToolCalls([], { runId: 7 as never })).rejects.toMatchObject({
      argument: 'runId',
    });
  });
});
