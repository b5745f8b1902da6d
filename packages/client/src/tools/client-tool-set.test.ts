import {
  createToolSet,
  defineTool,
  type Tool,
  type ToolCall,
  type ToolDescription,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';

function named(name: string, answer: string): Tool {
  return defineTool({
    name,
    description: `Answers ${answer}`,
    input: Type.Object({}),
    execute: () => answer,
  });
}

const call = (name: string, id = `id_${name}`): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});

const offered = (tools: readonly unknown[] | undefined) =>
  (tools ?? []).map((tool) => (tool as ToolDescription).name);

describe('a client over a tool set', () => {
  it('offers the set’s current tools at each call of a conversation', async () => {
    const tools = createToolSet([named('alpha', 'a')]);
    const provider = createFakeProvider().text('one').text('two').text('three');
    const client = createClient(provider, {
      env: {},
      tools,
      memory: inMemoryMemory(),
      enrichSystemPromptWithToolDescriptions: true,
    });

    await client.sendMessage('first');
    tools.add(named('beta', 'b'));
    await client.sendMessage('second');
    tools.remove('alpha');
    await client.sendMessage('third');

    expect(provider.requests.map((request) => offered(request.tools))).toEqual([
      ['alpha'],
      ['alpha', 'beta'],
      ['beta'],
    ]);
    // The tools section of the system prompt follows the set too.
    expect(provider.requests[1]?.systemPrompt).toContain('**beta**');
    expect(provider.requests[2]?.systemPrompt).not.toContain('**alpha**');
    expect(client.systemPrompt).toContain('**beta**');
  });

  it('client.tools reflects the set, rebuilt only when its tools array changes', () => {
    const alpha = named('alpha', 'a');
    const tools = createToolSet([alpha]);
    const client = createClient(createFakeProvider(), { env: {}, tools });

    const first = client.tools;
    expect(first.names).toEqual(['alpha']);
    expect(client.tools).toBe(first);
    tools.add(named('beta', 'b'));
    const second = client.tools;
    expect(second).not.toBe(first);
    expect(second.names).toEqual(['alpha', 'beta']);
    expect(client.tools).toBe(second);
  });

  it('runs the tools the set holds when executeToolCalls is called', async () => {
    const tools = createToolSet<unknown>([]);
    const client = createClient(createFakeProvider(), { env: {}, tools });
    const [before] = await client.executeToolCalls([call('gamma')]);
    expect(before?.content).toContain('tool_not_found');

    tools.add(named('gamma', 'g'));
    const [after] = await client.executeToolCalls([call('gamma')]);
    expect(after?.content).toBe('"g"');
  });

  it('withOptions takes a tool set too, and the required tools stay offered', async () => {
    const tools = createToolSet([named('alpha', 'a')]);
    const provider = createFakeProvider().text('one').text('two');
    const base = createClient(provider, { env: {}, requiredTools: [named('must', 'm')] });
    const derived = base.withOptions({ tools });

    await derived.sendMessage('first');
    tools.set([named('delta', 'd')]);
    await derived.sendMessage('second');

    expect(provider.requests.map((request) => offered(request.tools))).toEqual([
      ['alpha', 'must'],
      ['delta', 'must'],
    ]);
    expect(provider.requests[1]?.toolChoice).toEqual({ name: 'must' });
  });

  it('a change that clashes with a required tool fails the next call, naming the tool', async () => {
    const tools = createToolSet([named('alpha', 'a')]);
    const client = createClient(createFakeProvider().default('fine'), {
      env: {},
      tools,
      requiredTools: [named('must', 'm')],
    });
    tools.add(named('must', 'another'));

    const error = await client.sendMessage('hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).argument).toBe('tools[2]');

    tools.remove('must');
    await expect(client.sendMessage('again')).resolves.toMatchObject({ content: 'fine' });
  });

  it('refuses a tools option that is neither an array nor a tool set', () => {
    expect(() => createClient(createFakeProvider(), { env: {}, tools: {} as never })).toThrow(
      expect.objectContaining({ argument: 'tools' }),
    );
  });
});
