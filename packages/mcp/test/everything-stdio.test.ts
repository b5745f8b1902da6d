import { callTool, parseToolErrorEnvelope } from '@aigo/ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpClient, mcpClient } from '../src/index.js';
import { everythingServer, isRunning } from './support/test-servers.js';

describe('mcpClient over stdio, against @modelcontextprotocol/server-everything', () => {
  let client: McpClient;
  beforeAll(async () => {
    client = await mcpClient({ ...everythingServer(), name: 'everything' });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists the tools as aigo tools with the server JSON Schema', async () => {
    const tools = await client.tools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
    const sum = tools.find((tool) => tool.name === 'get-sum');
    expect(sum?.description.parameters).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    expect(client.serverInfo.name).toBe('mcp-servers/everything');
  });

  it('runs tools/call and returns the text as the output', async () => {
    const echo = (await client.tools()).find((tool) => tool.name === 'echo');
    expect(await echo?.call('{"message":"hello"}')).toBe('Echo: hello');
  });

  it('returns images as content parts, not base64 in the text', async () => {
    const image = (await client.tools()).find((tool) => tool.name === 'get-tiny-image');
    if (image === undefined) throw new Error('no get-tiny-image');
    const result = await callTool(image, '{}');
    expect(result.content?.[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(result.content?.[0]?.type === 'image' && result.content[0].data?.length).toBeGreaterThan(
      100,
    );
    expect(result.output).not.toContain('iVBOR');
  });

  it('keeps structuredContent', async () => {
    const tool = (await client.tools()).find((t) => t.name === 'get-structured-content');
    if (tool === undefined) throw new Error('no get-structured-content');
    const result = await callTool(tool, '{"location":"New York"}');
    expect(result.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });

  it('turns arguments the server rejects (an isError result) into the error envelope of a failing tool', async () => {
    const sum = (await client.tools()).find((tool) => tool.name === 'get-sum');
    if (sum === undefined) throw new Error('no get-sum');
    const result = await callTool(sum, '{"a":"one","b":2}');
    expect(result.isError).toBe(true);
    const envelope = parseToolErrorEnvelope(result.output);
    expect(envelope?.error.code).toBe('tool_execution_failed');
    expect(envelope?.error.message).toMatch(/validation/i);
  });

  it('answers JSON that is not an object with an envelope, without calling the server', async () => {
    const sum = (await client.tools()).find((tool) => tool.name === 'get-sum');
    expect(parseToolErrorEnvelope((await sum?.call('{"a":')) ?? '')?.error.code).toBe(
      'invalid_json',
    );
    expect(parseToolErrorEnvelope((await sum?.call('[1,2]')) ?? '')?.error.code).toBe(
      'invalid_arguments',
    );
  });

  it('sends progress notifications to ctx.progress', async () => {
    const tool = (await client.tools()).find((t) => t.name === 'trigger-long-running-operation');
    const updates: unknown[] = [];
    // 200 ms between steps: a busy machine may stall this process for tens of milliseconds, and
    // notifications read in one chunk with the result are dropped (see below).
    const output = await tool?.call('{"duration":0.6,"steps":3}', {
      onProgress: (update) => updates.push(update),
    });
    expect(output).toContain('Long running operation completed');
    // The SDK hands notifications to handlers a microtask late and drops a progress handler when the
    // result arrives, so the step sent just before the result may not be seen.
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.slice(0, 2)).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
    ]);
  });

  it('lists and reads resources, lists and gets prompts, pings', async () => {
    const resources = await client.resources();
    expect(resources.length).toBeGreaterThan(0);
    const first = resources[0];
    if (first === undefined) throw new Error('no resource');
    const contents = await client.readResource(first.uri);
    expect(contents[0]?.uri).toBe(first.uri);
    const prompts = await client.prompts();
    expect(prompts.map((p) => p.name)).toContain('args-prompt');
    const prompt = await client.getPrompt('args-prompt', { city: 'Lisbon' });
    expect(prompt.messages[0]?.role).toBe('user');
    expect(JSON.stringify(prompt.messages[0]?.content)).toContain('Lisbon');
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('ends the child process on close (no orphan)', async () => {
    const other = await mcpClient(everythingServer());
    const pid = other.pid;
    expect(pid).toBeTypeOf('number');
    expect(isRunning(pid as number)).toBe(true);
    await other.close();
    expect(isRunning(pid as number)).toBe(false);
    await other.close();
  });
});
