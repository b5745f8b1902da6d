import { describe, expect, it } from 'vitest';
import { objectText } from './object-text.js';

describe('objectText', () => {
  it('writes an answer as indented lines', () => {
    expect(
      objectText({
        answer: 'About 1,083 ft.',
        figures: [
          { label: 'height', value: 330, unit: 'm' },
          { label: 'height', value: 1082.68, unit: 'ft' },
        ],
        sources: ['http://127.0.0.1/pages/eiffel-tower.html'],
      }),
    ).toBe(
      [
        'answer: About 1,083 ft.',
        'figures:',
        '  - label: height',
        '    value: 330',
        '    unit: m',
        '  - label: height',
        '    value: 1082.68',
        '    unit: ft',
        'sources:',
        '  - http://127.0.0.1/pages/eiffel-tower.html',
      ].join('\n'),
    );
  });

  it('gives each growing partial a text that begins with the text before it', () => {
    const partials = [
      {},
      { answer: '' },
      { answer: 'About' },
      { answer: 'About 1,083 ft.' },
      { answer: 'About 1,083 ft.', figures: [] },
      { answer: 'About 1,083 ft.', figures: [{}] },
      { answer: 'About 1,083 ft.', figures: [{ label: 'hei' }] },
      { answer: 'About 1,083 ft.', figures: [{ label: 'height', value: 330 }] },
      { answer: 'About 1,083 ft.', figures: [{ label: 'height', value: 330, unit: 'm' }] },
      {
        answer: 'About 1,083 ft.',
        figures: [{ label: 'height', value: 330, unit: 'm' }],
        sources: ['http://x'],
      },
    ];
    for (let index = 1; index < partials.length; index++) {
      const before = objectText(partials[index - 1]);
      expect(objectText(partials[index]).startsWith(before)).toBe(true);
    }
  });
});
