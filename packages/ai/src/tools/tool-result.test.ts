import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import { imagePart, textPart } from '../messages/content-part.js';
import { callTool } from './call-tool.js';
import { defineTool } from './define-tool.js';
import type { Tool, ToolProgress } from './tool.js';
import { isToolOutputWithContent, withContent } from './tool-result.js';

const PNG = 'iVBORw0KGgo=';

const screenshot = defineTool({
  name: 'screenshot',
  description: 'Takes a screenshot',
  input: Type.Object({ url: Type.String() }),
  output: Type.Object({ ok: Type.Boolean() }),
  execute: ({ url }) =>
    withContent({ ok: url.startsWith('https:') }, [imagePart(PNG, 'image/png'), textPart('alt')]),
});

describe('tool results with content', () => {
  it('keeps the JSON output as the text and the parts as content', async () => {
    const result = await screenshot.callWithResult('{"url":"https://example.com"}');
    expect(result.output).toBe('{"ok":true}');
    expect(result.content).toEqual([
      { type: 'image', mimeType: 'image/png', data: PNG },
      { type: 'text', text: 'alt' },
    ]);
    // With an output schema the checked value is the structured content too.
    expect(result.structuredContent).toEqual({ ok: true });
    expect(result.isError).toBeUndefined();
    // call() still resolves to the text alone; execute() to the output alone.
    await expect(screenshot.call('{"url":"https://example.com"}')).resolves.toBe('{"ok":true}');
    await expect(screenshot.execute({ url: 'http://x' })).resolves.toEqual({ ok: false });
  });

  it('validates the output inside withContent and marks failures as errors', async () => {
    const broken = defineTool({
      name: 'broken',
      description: 'returns a bad output',
      output: Type.Object({ ok: Type.Boolean() }),
      execute: () => withContent({ ok: 'yes' } as never, [textPart('x')]),
    });
    const result = await broken.callWithResult('{}');
    expect(result.isError).toBe(true);
    expect(result.output).toContain('invalid_output');
    expect(result.content).toBeUndefined();
  });

  it('leaves structured content out without an output schema, and marks plain errors', async () => {
    const plain = defineTool({
      name: 'plain',
      description: 'returns text',
      execute: () => 'hello',
    });
    await expect(plain.callWithResult('{}')).resolves.toEqual({ output: '"hello"' });
    const bad = await plain.callWithResult('{not json');
    expect(bad.isError).toBe(true);
    expect(bad.output).toContain('invalid_json');
  });

  it('tells withContent values apart', () => {
    expect(isToolOutputWithContent(withContent(1, []))).toBe(true);
    expect(isToolOutputWithContent({ output: 1, content: [] })).toBe(false);
    expect(isToolOutputWithContent(null)).toBe(false);
  });
});

describe('callTool', () => {
  it('uses callWithResult when the tool has it', async () => {
    const result = await callTool(screenshot, '{"url":"https://a"}');
    expect(result.content).toHaveLength(2);
  });

  it('wraps call() of a tool without it, reading errors from the envelope', async () => {
    const legacy: Tool = {
      name: 'legacy',
      description: { name: 'legacy', description: 'old', parameters: { type: 'object' } },
      metrics: undefined,
      call: async (json) =>
        json === '{}' ? '"fine"' : '{"ok":false,"error":{"code":"x","message":"no"}}',
    };
    await expect(callTool(legacy, '{}')).resolves.toEqual({ output: '"fine"' });
    await expect(callTool(legacy, '{"a":1}')).resolves.toMatchObject({ isError: true });
  });
});

describe('tool context: runId and progress', () => {
  it('passes the run id and forwards progress reports to onProgress', async () => {
    const seen: unknown[] = [];
    const slow = defineTool({
      name: 'slow',
      description: 'reports progress',
      execute: (_input, ctx) => {
        seen.push(ctx.runId);
        ctx.progress({ progress: 1, total: 2, message: 'half' });
        ctx.progress({ progress: 2, total: 2 });
        return 'done';
      },
    });
    const onProgress = vi.fn<(update: ToolProgress) => void>();
    await slow.call('{}', { runId: 'run-1', onProgress });
    expect(seen).toEqual(['run-1']);
    expect(onProgress.mock.calls.map(([update]) => update)).toEqual([
      { progress: 1, total: 2, message: 'half' },
      { progress: 2, total: 2 },
    ]);
    // Without a listener, progress is a no-op and runId undefined.
    await expect(slow.call('{}')).resolves.toBe('"done"');
    expect(seen).toEqual(['run-1', undefined]);
  });
});
