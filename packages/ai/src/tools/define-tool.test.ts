import Type from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AbortError } from '../errors/interruption-errors.js';
import { ValidationError } from '../errors/validation-error.js';
import { defineTool, type NoInput } from './define-tool.js';
import type { ToolContext } from './tool.js';
import { parseToolErrorEnvelope } from './tool-envelope.js';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers',
  input: Type.Object({
    a: Type.Number({ description: 'first' }),
    b: Type.Number(),
    options: Type.Optional(Type.Object({ round: Type.Boolean() })),
  }),
  metrics: { amount: 0.001, currency: 'USD' },
  execute: ({ a, b, options }) => (options?.round ? Math.round(a + b) : a + b),
});

function envelope(text: string) {
  const parsed = parseToolErrorEnvelope(text);
  if (parsed === undefined) throw new Error(`not an error envelope: ${text}`);
  return parsed.error;
}

describe('defineTool', () => {
  it('describes the tool with the input JSON Schema and metrics', () => {
    expect(add.name).toBe('add');
    expect(add.description).toEqual({
      name: 'add',
      description: 'Adds two numbers',
      parameters: {
        type: 'object',
        required: ['a', 'b'],
        properties: {
          a: { type: 'number', description: 'first' },
          b: { type: 'number' },
          options: {
            type: 'object',
            required: ['round'],
            properties: { round: { type: 'boolean' } },
          },
        },
      },
      metrics: { amount: 0.001, currency: 'USD' },
    });
    expect(add.metrics).toEqual({ amount: 0.001, currency: 'USD' });
  });

  it('types execute from the schema', () => {
    defineTool({
      name: 't',
      description: 'd',
      input: Type.Object({ city: Type.String(), days: Type.Optional(Type.Integer()) }),
      execute(input, context) {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days?: number }>();
        expectTypeOf(context).toEqualTypeOf<ToolContext<unknown>>();
        return input.city;
      },
    });
    defineTool({
      name: 'none',
      description: 'd',
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<NoInput>();
      },
    });
  });

  it('runs a valid call and returns the output as JSON', async () => {
    expect(await add.call('{"a":1,"b":2}')).toBe('3');
    expect(await add.call('{"a":1.4,"b":2,"options":{"round":true}}')).toBe('3');
  });

  it('turns invalid JSON into an envelope the model can read', async () => {
    const error = envelope(await add.call('{"a":1,'));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('names the failing path of a schema violation', async () => {
    const error = envelope(await add.call('{"a":"one","options":{"round":"yes"}}'));
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toContain('/a');
    expect(error.message).toContain('/b');
    expect(error.message).toContain('/options/round');
  });

  it('turns a thrown error into tool_execution_failed', async () => {
    const failing = defineTool({
      name: 'fails',
      description: 'always fails',
      execute() {
        throw new Error('upstream said no');
      },
    });
    expect(envelope(await failing.call('{}'))).toEqual({
      code: 'tool_execution_failed',
      message: 'upstream said no',
    });
  });

  it('passes signal, toolCallId and context to execute', async () => {
    const seen: unknown[] = [];
    const tool = defineTool({
      name: 'ctx',
      description: 'records its context',
      execute(_input, context: ToolContext<{ user: string }>) {
        seen.push(context.toolCallId, context.context.user, context.signal.aborted);
        return null;
      },
    });
    await tool.call('', { toolCallId: 'call_1', context: { user: 'ada' } });
    expect(seen).toEqual(['call_1', 'ada', false]);
  });

  it('rejects with AbortError when the signal aborts during execute, and the tool sees it', async () => {
    let toolSawAbort = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = defineTool({
      name: 'slow',
      description: 'waits for its signal',
      execute(_input, { signal }) {
        started();
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            toolSawAbort = true;
            reject(new Error('stopped'));
          });
        });
      },
    });
    const controller = new AbortController();
    const call = slow.call('{}', { signal: controller.signal });
    await running;
    controller.abort(new Error('user cancelled'));
    const error = await call.catch((e: unknown) => e);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(toolSawAbort).toBe(true);
  });

  it('rejects at once, without running, when the signal is already aborted', async () => {
    let ran = false;
    const tool = defineTool({
      name: 'x',
      description: 'd',
      execute: () => {
        ran = true;
      },
    });
    const controller = new AbortController();
    controller.abort();
    await expect(tool.call('{}', { signal: controller.signal })).rejects.toSatisfy((e) =>
      AbortError.isInstance(e),
    );
    expect(ran).toBe(false);
  });

  it('works without parameters and refuses non-object arguments', async () => {
    const now = defineTool({ name: 'now', description: 'the time', execute: () => ({ t: 1 }) });
    expect(now.description.parameters).toEqual({ type: 'object', properties: {} });
    expect(await now.call('')).toBe('{"t":1}');
    expect(await now.call('{}')).toBe('{"t":1}');
    expect(envelope(await now.call('[1]')).code).toBe('invalid_arguments');
  });

  it('checks outputs against an output schema', async () => {
    const tool = defineTool({
      name: 'out',
      description: 'd',
      output: Type.Object({ ok: Type.Boolean() }),
      execute: () => ({ ok: 'yes' }) as unknown as { ok: boolean },
    });
    expect(envelope(await tool.call('{}')).code).toBe('invalid_output');
  });

  it('reports outputs that cannot be JSON', async () => {
    const tool = defineTool({ name: 'big', description: 'd', execute: () => ({ n: 1n }) });
    expect(envelope(await tool.call('{}')).code).toBe('invalid_output');
  });

  it('validates its definition', () => {
    const execute = () => null;
    expect(() => defineTool({ name: 'bad name', description: 'd', execute })).toThrow(
      ValidationError,
    );
    expect(() => defineTool({ name: 'x'.repeat(65), description: 'd', execute })).toThrow(/name/);
    expect(() => defineTool({ name: 'ok', description: '', execute })).toThrow(/description/);
    expect(() => defineTool({ name: 'ok', description: 'd' } as never)).toThrow(/execute/);
    expect(() =>
      defineTool({ name: 'ok', description: 'd', input: Type.String() as never, execute }),
    ).toThrow(/object schema/);
    expect(() => defineTool(undefined as never)).toThrow(ValidationError);
  });
});
