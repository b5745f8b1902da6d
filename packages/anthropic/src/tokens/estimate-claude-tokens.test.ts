import {
  assistantMessage,
  documentPart,
  imagePartFromUri,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { estimateClaudeMessageTokens, estimateClaudeTokens } from './estimate-claude-tokens.js';

describe('estimateClaudeTokens', () => {
  it('counts each message apart, the fixed parts beside them, and names what it estimated', () => {
    const count = estimateClaudeTokens({
      model: 'claude-sonnet-4-5',
      systemPrompt: 'Be brief.',
      messages: [userMessage('a'.repeat(350)), assistantMessage('b'.repeat(70))],
      responseFormat: { type: 'json', schema: { type: 'object' } },
    });
    // 350 characters are 100 tokens, and a message's framing is 4.
    expect(count.messages).toEqual([104, 24]);
    expect(count.tokens).toBe((count.fixed ?? 0) + 128);
    expect(count).toMatchObject({ exact: false, method: 'estimate' });
    expect(count.estimated).toEqual(['messages', 'system', 'format']);
  });

  it('prices tool calls, tool results, media and server-tool blocks', () => {
    const call = {
      id: 'toolu_1',
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
    };
    const withCall = estimateClaudeMessageTokens(assistantMessage('', [call]));
    expect(withCall).toBeGreaterThan(4 + 8);
    expect(estimateClaudeMessageTokens(toolMessage('toolu_1', 'ok'))).toBeGreaterThan(4 + 8);
    expect(
      estimateClaudeMessageTokens(
        userMessage([imagePartFromUri('https://example.com/a.png', 'image/png')]),
      ),
    ).toBe(4 + 1_600);
    const text = Buffer.from('x'.repeat(699)).toString('base64');
    expect(estimateClaudeMessageTokens(userMessage([documentPart(text, 'text/plain')]))).toBe(
      4 + 200,
    );
    expect(
      estimateClaudeMessageTokens(userMessage([documentPart('JVBERi0=', 'application/pdf')])),
    ).toBe(4 + 3_000);
    const searched = {
      ...assistantMessage('Found it.'),
      providerMetadata: {
        anthropic: {
          blocks: [
            { kind: 'block', block: { type: 'web_search_tool_result', content: 'r'.repeat(700) } },
            { kind: 'text', length: 9 },
          ],
        },
      },
    };
    expect(estimateClaudeMessageTokens(searched)).toBeGreaterThan(200);
  });

  it('adds the tool-use system prompt and the tools’ definitions to the fixed part', () => {
    const bare = estimateClaudeTokens({ model: 'm', messages: [] });
    const tooled = estimateClaudeTokens({
      model: 'm',
      messages: [],
      tools: [{ name: 'lookup', description: 'Looks up.', parameters: { type: 'object' } }],
    });
    expect((tooled.fixed ?? 0) - (bare.fixed ?? 0)).toBeGreaterThan(530);
    expect(tooled.estimated).toContain('tools');
  });

  it('names a bad request', () => {
    expect(() => estimateClaudeTokens({ model: 'm', messages: 'x' } as never)).toThrow(
      /request\.messages/,
    );
    expect(() => estimateClaudeTokens({ model: 'm', messages: [null] } as never)).toThrow(
      ValidationError,
    );
    expect(() =>
      estimateClaudeTokens({ model: 'm', messages: [], systemPrompt: 5 } as never),
    ).toThrow(/request\.systemPrompt/);
  });
});
