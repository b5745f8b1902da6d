import { describe, expect, it } from 'vitest';
import type { ChatRequest } from './chat-request.js';
import { estimatedParts } from './estimated-parts.js';

describe('estimatedParts', () => {
  it('names what a counter without a request estimates', () => {
    const plain: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    expect(estimatedParts(plain, false)).toEqual(['messages', 'system']);
    expect(estimatedParts(plain, true)).toEqual([]);
    const full: ChatRequest = {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image', data: 'AA==', mimeType: 'image/png' },
          ],
        },
      ],
      tools: [{ name: 't', description: 'd', parameters: { type: 'object' } }],
      responseFormat: { type: 'json', schema: { type: 'object' } },
    } as unknown as ChatRequest;
    expect(estimatedParts(full, true)).toEqual(['tools', 'format', 'media']);
  });
});
