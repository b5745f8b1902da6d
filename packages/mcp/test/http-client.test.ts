import { AbortError, callTool, parseToolErrorEnvelope, type Tool } from '@aigo/ai';
import { createRecordingObserver } from '@aigo/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type McpClient, type McpServerError, mcpClient, mcpTools } from '../src/index.js';
import { startTestHttpServer, type TestHttpServer } from './support/test-http-server.js';

function find(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name} in ${tools.map((t) => t.name)}`);
  return tool;
}

describe('mcpClient over Streamable HTTP, against a server built with the SDK', () => {
  let server: TestHttpServer;
  const clients: McpClient[] = [];
  beforeAll(async () => {
    server = await startTestHttpServer();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server.close();
  });
  async function connect(options: Partial<Parameters<typeof mcpClient>[0]> = {}) {
    const client = await mcpClient({ url: server.url, ...options } as Parameters<
      typeof mcpClient
    >[0]);
    clients.push(client);
    return client;
  }

  it('maps text, images, audio, embedded resources, links and structured content', async () => {
    const client = await connect();
    expect(client.name).toBe('http-test');
    const result = await callTool(find(await client.tools(), 'rich'), '{}');
    expect(result.output).toBe(
      'Here is everything.\n\nResource: big.csv <file:///big.csv> (text/csv)',
    );
    expect(result.content).toEqual([
      { type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBOR/) },
      { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
      { type: 'document', mimeType: 'application/pdf', data: 'JVBERg==', filename: 'report.pdf' },
      { type: 'text', text: 'notes' },
    ]);
    expect(result.structuredContent).toEqual({ count: 6 });
  });

  it('an isError result is the error envelope of a failing tool', async () => {
    const client = await connect();
    const output = await find(await client.tools(), 'fail').call('{}');
    expect(parseToolErrorEnvelope(output)?.error).toEqual({
      code: 'tool_execution_failed',
      message: 'The database is down',
    });
  });

  it('arguments the server rejects (-32602) are an invalid_arguments envelope naming the server', async () => {
    const client = await connect({ name: 'numbers' });
    const strict = find(await client.tools(), 'strict');
    expect(await strict.call('{"n":21}')).toBe('42');
    const envelope = parseToolErrorEnvelope(await strict.call('{"n":"x"}'));
    expect(envelope?.error.code).toBe('invalid_arguments');
    expect(envelope?.error.message).toBe(
      'MCP server "numbers" refused the arguments of strict: n must be a number',
    );
  });

  it('maps names providers reject, prefixes them, maps them back on the call, filters', async () => {
    const client = await connect({ prefix: 'test', exclude: ['slow'] });
    const names = (await client.tools()).map((tool) => tool.name);
    expect(names).toContain('test_files_read_v2');
    expect(names).not.toContain('test_slow');
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(await find(await client.tools(), 'test_files_read_v2').call('{}')).toBe('read');
    const only = await connect({ include: ['echo'] });
    expect((await only.tools()).map((tool) => tool.name)).toEqual(['echo']);
  });

  it('aborting a call sends notifications/cancelled and rejects with AbortError', async () => {
    const client = await connect();
    const controller = new AbortController();
    const call = find(await client.tools(), 'slow').call('{}', { signal: controller.signal });
    await server.slowStarted();
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    await server.slowCancelled();
    expect(server.log.cancelled).toContain('slow');
  });

  it('a call that outlives timeoutMs is a timeout envelope, and the server is told to stop', async () => {
    const client = await connect({ timeoutMs: 200, name: 'slowpoke' });
    const envelope = parseToolErrorEnvelope(await find(await client.tools(), 'slow').call('{}'));
    expect(envelope?.error).toEqual({
      code: 'timeout',
      message: 'MCP server "slowpoke" did not answer slow in time',
    });
    await server.slowCancelled();
  });

  it('progress notifications reach onProgress with their message', async () => {
    const client = await connect();
    const updates: unknown[] = [];
    await find(await client.tools(), 'progress').call('{}', {
      onProgress: (update) => updates.push(update),
    });
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('notifications/tools/list_changed changes the tool set', async () => {
    const client = await connect();
    const changed = new Promise<void>((resolve) => client.toolSet.onChange(resolve));
    const before = client.toolSet.tools;
    expect(before.map((tool) => tool.name)).not.toContain('secret');
    await find(before, 'unlock').call('{}');
    await changed;
    const after = client.toolSet.tools;
    expect(after.map((tool) => tool.name)).toContain('secret');
    // Unchanged tools keep their identity, so an agent's state keyed by tool survives the change.
    expect(find(after, 'echo')).toBe(find(before, 'echo'));
    expect(await find(after, 'secret').call('{}')).toBe('42');
  });

  it('the trace context travels as traceparent (header and _meta); the span gets the server name', async () => {
    const observer = createRecordingObserver();
    const client = await connect({ observer });
    const span = observer.startSpan('execute_tool trace');
    const output = await find(await client.tools(), 'trace').call('{}', { span });
    expect(output).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    expect(server.log.metas.at(-1)?.traceparent).toBe(output);
    const recorded = observer.spans.find((s) => s.name === 'execute_tool trace');
    expect(recorded?.attributes).toMatchObject({
      'mcp.server.name': 'http-test',
      'mcp.tool.name': 'trace',
      'mcp.method.name': 'tools/call',
    });
  });

  it('sends the configured headers with every request', async () => {
    await connect({ headers: { 'x-api-key': 'k-123' } });
    expect(server.log.headers.at(-1)?.['x-api-key']).toBe('k-123');
  });

  it('mcpTools is the one-line form: a tool set that owns the connection', async () => {
    const tools = await mcpTools({ url: server.url, include: ['echo'] });
    expect(tools.tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(await find(tools.tools, 'echo').call('{"text":"hi"}')).toBe('hi');
    await tools.close();
    const after = parseToolErrorEnvelope(await find(tools.tools, 'echo').call('{"text":"hi"}'));
    expect(after?.error.message).toContain('the client was closed');
  });
});

describe('mcpClient against a server that only speaks the older HTTP+SSE transport', () => {
  it('falls back to HTTP+SSE and calls tools', async () => {
    const legacy = await startTestHttpServer({ legacySse: true });
    try {
      await using client = await mcpClient({ url: legacy.url });
      expect(await find(await client.tools(), 'echo').call('{"text":"old"}')).toBe('old');
    } finally {
      await legacy.close();
    }
  });
});

describe('mcpClient against a server that refuses the credentials', () => {
  it('401: an authentication error naming the server, no fallback, the token nowhere in it', async () => {
    const { createServer } = await import('node:http');
    const requests: string[] = [];
    const http = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":"invalid_token"}');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as import('node:net').AddressInfo;
    try {
      const error = await mcpClient({
        url: `http://127.0.0.1:${port}/mcp`,
        name: 'locked',
        headers: { authorization: 'Bearer sk-live-abcdefghijklmnopqrstuvwx' },
      }).then(
        () => undefined,
        (e: unknown) => e as McpServerError,
      );
      expect(error).toMatchObject({ code: 'authentication', server: 'locked' });
      expect(error?.message).toContain('MCP server "locked": refused the connection (HTTP 401)');
      expect(JSON.stringify(error?.toJSON())).not.toContain('sk-live');
      expect(requests).toEqual(['POST /mcp']);
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
