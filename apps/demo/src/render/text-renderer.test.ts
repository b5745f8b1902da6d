import type { Usage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { chooseStyle } from './style.js';
import { createTextRenderer } from './text-renderer.js';

const usage: Usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };

describe('the text renderer', () => {
  it('prints one answer line when the agent asks again for the answer as JSON only', () => {
    let text = '';
    const renderer = createTextRenderer({
      out: { write: (chunk: string) => (text += chunk) },
      style: chooseStyle(false, {}),
      now: () => 0,
    });
    renderer.event({ type: 'iteration_start', iteration: 1 });
    renderer.event({ type: 'content', iteration: 1, text: 'The total is {"total": ' });
    renderer.event({ type: 'content', iteration: 1, text: '395}' });
    renderer.event({ type: 'usage', call: usage, total: usage });
    // The JSON-only retry of the same iteration.
    renderer.event({ type: 'content', iteration: 1, text: '{"total": 395}' });
    renderer.event({ type: 'usage', call: usage, total: usage });
    renderer.close();
    const answers = text.split('\n').filter((line) => line.startsWith('answer:'));
    expect(answers).toEqual(['answer:   The total is {"total": 395}']);
    expect(text).toContain('(asked again for the answer as JSON only)');
    expect(text).not.toContain('395}{"total"');
  });

  it('prints each iteration’s answer text', () => {
    let text = '';
    const renderer = createTextRenderer({
      out: { write: (chunk: string) => (text += chunk) },
      style: chooseStyle(false, {}),
      now: () => 0,
    });
    for (const iteration of [1, 2]) {
      renderer.event({ type: 'iteration_start', iteration });
      renderer.event({ type: 'content', iteration, text: `step ${iteration}` });
      renderer.event({ type: 'usage', call: usage, total: usage });
    }
    renderer.close();
    expect(text.split('\n').filter((line) => line.startsWith('answer:'))).toEqual([
      'answer:   step 1',
      'answer:   step 2',
    ]);
  });
});
