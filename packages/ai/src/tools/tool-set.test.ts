import { describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import type { Tool } from './tool.js';
import { combineToolSets, createToolSet, isToolSet } from './tool-set.js';

function tool(name: string): Tool {
  return {
    name,
    description: { name, description: name, parameters: { type: 'object', properties: {} } },
    metrics: undefined,
    call: async () => `"${name}"`,
  };
}

describe('createToolSet', () => {
  it('keeps the same array until a change, then notifies listeners', () => {
    const a = tool('a');
    const set = createToolSet([a]);
    const first = set.tools;
    expect(set.tools).toBe(first);
    const listener = vi.fn();
    const stop = set.onChange(listener);
    const b = tool('b');
    set.add(b);
    expect(listener).toHaveBeenCalledOnce();
    expect(set.tools).not.toBe(first);
    expect(set.tools).toEqual([a, b]);
    const b2 = tool('b');
    set.add(b2);
    expect(set.tools).toEqual([a, b2]);
    expect(set.remove('a')).toBe(true);
    expect(set.remove('a')).toBe(false);
    expect(set.tools).toEqual([b2]);
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    set.set([]);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(set.tools).toEqual([]);
  });

  it('runs every listener even when one throws', () => {
    const set = createToolSet();
    const after = vi.fn();
    set.onChange(() => {
      throw new Error('listener bug');
    });
    set.onChange(after);
    set.add(tool('a'));
    expect(after).toHaveBeenCalledOnce();
  });

  it('refuses repeated names and values that are not tools', () => {
    expect(() => createToolSet([tool('a'), tool('a')])).toThrow(ValidationError);
    expect(() => createToolSet([tool('a'), tool('a')])).toThrow(/tools\[1\].*"a"/);
    const set = createToolSet();
    expect(() => set.add({} as Tool)).toThrow(/tool/);
    expect(() => set.onChange('x' as never)).toThrow(ValidationError);
  });

  it('is told apart from arrays', () => {
    expect(isToolSet(createToolSet())).toBe(true);
    expect(isToolSet([tool('a')])).toBe(false);
    expect(isToolSet(null)).toBe(false);
  });
});

describe('combineToolSets', () => {
  it('concatenates tools, arrays and sets, and follows changes of the sets', () => {
    const a = tool('a');
    const b = tool('b');
    const dynamic = createToolSet([tool('c')]);
    const combined = combineToolSets(a, [b], dynamic);
    expect(combined.tools.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    const same = combined.tools;
    expect(combined.tools).toBe(same);
    const listener = vi.fn();
    const stop = combined.onChange(listener);
    dynamic.add(tool('d'));
    expect(listener).toHaveBeenCalledOnce();
    expect(combined.tools.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd']);
    stop();
    dynamic.remove('d');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('fails a read that would repeat a name, naming it', () => {
    const dynamic = createToolSet<unknown>();
    const combined = combineToolSets(tool('a'), dynamic);
    dynamic.add(tool('a'));
    expect(() => combined.tools).toThrow(/repeats the tool name "a"/);
  });
});
