import { request } from 'node:http';
import { callTool, createToolSet, defineTool, parseToolErrorEnvelope } from '@aigo/ai';
import { createRecordingObserver } from '@aigo/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type McpServerHandle, mcpClient, serveMcp } from '../src/index.js';
import { conformanceTools } from './support/test-tools.js';

const handles: McpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function serve(
  tools = conformanceTools(),
  options: Partial<Parameters<typeof serveMcp>[1]> = {},
) {
  const handle = await serveMcp(tools, {
    name: 'aigo-test',
    version: '1.2.3',
    transport: { port: 0 },
    ...options,
  });
  handles.push(handle);
  return handle;
}

async function sdkClient(url: string): Promise<Client> {
  const client = new Client({ name: 'sdk-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** A raw POST of `initialize` with the given Host and Origin, as a browser under DNS rebinding would send. */
function initializeWith(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'x', version: '1' },
        },
      }),
    );
  });
}

describe('serveMcp over Streamable HTTP', () => {
  it('binds to loopback on a free port and serves the tools to the SDK client', async () => {
    const handle = await serve();
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await sdkClient(handle.url as string);
    expect(client.getServerVersion()).toMatchObject({ name: 'aigo-test', version: '1.2.3' });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'add')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(sum).toMatchObject({
      content: [{ type: 'text', text: '{"sum":5}' }],
      structuredContent: { sum: 5 },
    });
    const image = await client.callTool({ name: 'test_image_content', arguments: {} });
    expect(image.content).toEqual([
      { type: 'text', text: '"An image"' },
      { type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBOR/) },
    ]);
    const failed = await client.callTool({ name: 'test_error_handling', arguments: {} });
    expect(failed).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    });
    const bad = await client.callTool({ name: 'add', arguments: { a: 'x' } });
    expect(bad.isError).toBe(true);
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });

  it('sends progress notifications and log messages', async () => {
    const handle = await serve();
    const client = await sdkClient(handle.url as string);
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params.data);
    });
    const progress: number[] = [];
    await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    expect(progress.slice(0, 2)).toEqual([0, 50]);
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    await client.ping(); // notifications before a later response have been handled
    expect(logs).toEqual([
      'Tool execution started',
      'Tool processing data',
      'Tool execution completed',
    ]);
    await client.close();
  });

  it('refuses a Host or Origin that is not its own (DNS rebinding), accepts its own', async () => {
    const handle = await serve();
    const url = handle.url as string;
    const port = new URL(url).port;
    expect(await initializeWith(url, { host: 'evil.example' })).toBe(421);
    expect(
      await initializeWith(url, { host: `localhost:${port}`, origin: 'http://evil.example' }),
    ).toBe(403);
    expect(await initializeWith(url, { host: `localhost:${port}` })).toBe(200);
    expect(
      await initializeWith(url, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }),
    ).toBe(200);
  });

  it('round trip: mcpClient uses the served tools like local ones', async () => {
    const handle = await serve();
    await using client = await mcpClient({ url: handle.url as string });
    expect(client.name).toBe('aigo-test');
    const tools = await client.tools();
    const add = tools.find((tool) => tool.name === 'add');
    if (add === undefined) throw new Error('no add');
    const result = await callTool(add, '{"a":40,"b":2}');
    expect(result).toEqual({ output: '{"sum":42}', structuredContent: { sum: 42 } });
    const failing = tools.find((tool) => tool.name === 'test_error_handling');
    expect(parseToolErrorEnvelope((await failing?.call('{}')) ?? '')?.error.message).toBe(
      'This tool intentionally returns an error for testing',
    );
    const image = tools.find((tool) => tool.name === 'test_image_content');
    const imageResult = image === undefined ? undefined : await callTool(image, '{}');
    expect(imageResult?.content?.[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('continues the caller trace: the server span nests under the remote parent', async () => {
    const serverObserver = createRecordingObserver();
    const clientObserver = createRecordingObserver();
    const handle = await serve(undefined, { observer: serverObserver });
    await using client = await mcpClient({ url: handle.url as string, observer: clientObserver });
    const parent = clientObserver.startSpan('execute_tool add');
    await (await client.tools())
      .find((tool) => tool.name === 'add')
      ?.call('{"a":1,"b":1}', {
        span: parent,
      });
    const served = serverObserver.spans.find((span) => span.name === 'execute_tool add');
    expect(served?.kind).toBe('server');
    expect(served?.parent).toBe(serverObserver.remoteSpans[0]);
    expect(serverObserver.remoteSpans[0]?.traceId).toBe(clientObserver.spans[0]?.traceId);
    expect(served?.status?.status).toBe('ok');
  });

  it('a tool set: changes go out as tools/list_changed and reach mcpClient', async () => {
    const set = createToolSet(conformanceTools().slice(0, 1));
    const handle = await serve(set as never);
    await using client = await mcpClient({ url: handle.url as string });
    expect(client.toolSet.tools.map((tool) => tool.name)).toEqual(['test_simple_text']);
    const changed = new Promise<void>((resolve) => client.toolSet.onChange(resolve));
    set.add(defineTool({ name: 'late', description: 'Added later', execute: () => 'here' }));
    await changed;
    expect(client.toolSet.tools.map((tool) => tool.name)).toEqual(['test_simple_text', 'late']);
  });

  it('bad arguments: ValidationError naming the argument', async () => {
    const tools = conformanceTools();
    await expect(
      serveMcp('x' as never, { name: 'a', version: '1', transport: 'stdio' }),
    ).rejects.toMatchObject({ argument: 'tools' });
    await expect(
      serveMcp(tools, { name: '', version: '1', transport: 'stdio' }),
    ).rejects.toMatchObject({ argument: 'options.name' });
    await expect(
      serveMcp(tools, { name: 'a', version: '1', transport: { port: 70_000 } }),
    ).rejects.toMatchObject({ argument: 'options.transport.port' });
    await expect(
      serveMcp([tools[0], tools[0]] as never, { name: 'a', version: '1', transport: 'stdio' }),
    ).rejects.toMatchObject({ argument: 'tools[1]' });
  });
});
