import { describe, expect, it } from 'vitest';
import { aigoToolName, PROVIDER_TOOL_NAME } from './tool-names.js';

describe('aigoToolName', () => {
  it('keeps a valid name, adds the prefix', () => {
    expect(aigoToolName('search', undefined, new Set())).toBe('search');
    expect(aigoToolName('search', 'web', new Set())).toBe('web_search');
  });

  it('replaces characters providers reject', () => {
    expect(aigoToolName('files/read.v2', undefined, new Set())).toBe('files_read_v2');
    expect(aigoToolName('résumé lookup', 'hr', new Set())).toBe('hr_r_sum__lookup');
  });

  it('cuts long names to 64 characters with a hash that keeps two long names apart', () => {
    const taken = new Set<string>();
    const a = aigoToolName(`${'x'.repeat(70)}_alpha`, 'srv', taken);
    const b = aigoToolName(`${'x'.repeat(70)}_beta`, 'srv', taken);
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(a).toMatch(PROVIDER_TOOL_NAME);
  });

  it('makes names unique with a suffix', () => {
    const taken = new Set<string>();
    expect(aigoToolName('a.b', undefined, taken)).toBe('a_b');
    expect(aigoToolName('a/b', undefined, taken)).toBe('a_b_2');
    expect(aigoToolName('a b', undefined, taken)).toBe('a_b_3');
    const long = new Set<string>();
    const first = aigoToolName('y'.repeat(64), undefined, long);
    const second = aigoToolName(`${'y'.repeat(64)}`, undefined, long);
    expect(second).toHaveLength(64);
    expect(second).not.toBe(first);
  });

  it('an empty name becomes "tool"', () => {
    expect(aigoToolName('', undefined, new Set())).toBe('tool');
  });
});
