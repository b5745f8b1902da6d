import { type Message, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import type { GeminiPartRecord } from '../shared/gemini-turn-parts.js';
import { buildGeminiRequest } from './gemini-request.js';

const model = 'gemini-3-pro-preview';

/** The model turn the request carries for `answer`. */
function modelTurn(answer: Message): unknown {
  const body = buildGeminiRequest({
    model,
    messages: [{ role: 'user', content: 'q' }, answer, { role: 'user', content: 'next' }],
  });
  return body.contents[1]?.parts;
}

const call = (id: string, name: string, signature?: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{"x":1}' },
  ...(signature === undefined
    ? {}
    : { providerMetadata: { gemini: { thoughtSignature: signature } } }),
});

/** An answer with code, text runs, a signed thought, a call and a kept server-side part. */
function answer(parts: readonly GeminiPartRecord[], overrides: Partial<Message> = {}): Message {
  return {
    role: 'assistant',
    content: 'Hello world',
    reasoning: 'plan.more.',
    toolCalls: [call('c1', 'lookup', 'S-call')],
    codeExecutions: [{ language: 'python', code: 'print(1)', outcome: 'ok', output: '1\n' }],
    providerMetadata: { gemini: { thoughtSignature: 'S-text', parts } },
    ...overrides,
  };
}

const records: readonly GeminiPartRecord[] = [
  { kind: 'thought', length: 5 },
  { kind: 'thought', length: 5, thoughtSignature: 'S-thought' },
  { kind: 'executableCode', index: 0, thoughtSignature: 'S-code' },
  { kind: 'codeExecutionResult', index: 0 },
  { kind: 'text', length: 6 },
  {
    kind: 'part',
    part: { toolCall: { id: 't1', toolType: 'URL_CONTEXT' }, thoughtSignature: 'S-tc' },
  },
  { kind: 'text', length: 5, thoughtSignature: 'S-text' },
  { kind: 'functionCall', index: 0 },
  { kind: 'text', length: 0, thoughtSignature: 'S-end' },
];

describe('convertModelTurn: an answer with part records', () => {
  it('goes back part for part: runs cut from content and reasoning, unsigned thoughts left out', () => {
    expect(modelTurn(answer(records))).toStrictEqual([
      { text: 'more.', thought: true, thoughtSignature: 'S-thought' },
      { executableCode: { language: 'PYTHON', code: 'print(1)' }, thoughtSignature: 'S-code' },
      { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } },
      { text: 'Hello ' },
      { toolCall: { id: 't1', toolType: 'URL_CONTEXT' }, thoughtSignature: 'S-tc' },
      { text: 'world', thoughtSignature: 'S-text' },
      { functionCall: { name: 'lookup', args: { x: 1 } }, thoughtSignature: 'S-call' },
      { text: '', thoughtSignature: 'S-end' },
    ]);
  });

  /** What the message's fields give, without records (the turn before this change). */
  const fromFields = [
    { executableCode: { language: 'PYTHON', code: 'print(1)' } },
    { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } },
    { text: 'Hello world', thoughtSignature: 'S-text' },
    { functionCall: { name: 'lookup', args: { x: 1 } }, thoughtSignature: 'S-call' },
  ];

  const [code, result, text, lookup] = fromFields;
  it.each([
    [
      'the text was edited',
      { content: 'Hello there, world' },
      [code, result, { text: 'Hello there, world', thoughtSignature: 'S-text' }, lookup],
    ],
    ['the reasoning was dropped', { reasoning: undefined }, fromFields],
    ['a tool call was removed', { toolCalls: [] }, [code, result, text]],
    [
      'a tool call was added',
      { toolCalls: [call('c1', 'lookup', 'S-call'), call('c2', 'other')] },
      [...fromFields, { functionCall: { name: 'other', args: { x: 1 } } }],
    ],
    ['the code executions were dropped', { codeExecutions: undefined }, [text, lookup]],
    [
      'the content became parts',
      { content: [{ type: 'text' as const, text: 'Hello world' }] },
      fromFields,
    ],
  ])('is built from its fields when %s (the records no longer fit)', (_, overrides, expected) => {
    expect(modelTurn(answer(records, overrides as Partial<Message>))).toStrictEqual(expected);
  });

  it.each([
    ['not an array', 'parts'],
    ['an unknown kind', [{ kind: 'video', length: 1 }]],
    ['a negative length', [{ kind: 'text', length: -1 }]],
    ['a call index that is not an integer', [{ kind: 'functionCall', index: 0.5 }]],
    ['a signature that is not a string', [{ kind: 'text', length: 11, thoughtSignature: 7 }]],
    ['a kept part that is not an object', [{ kind: 'part', part: 'text' }]],
    ['a call index out of range', [{ kind: 'functionCall', index: 3 }]],
  ])('ignores records with %s (stored data is never trusted)', (_, bad) => {
    const message = answer(bad as unknown as GeminiPartRecord[]);
    expect(modelTurn(message)).toStrictEqual(fromFields);
  });

  it('still rejects a tool call it cannot send, naming it', () => {
    const broken = answer(records, {
      toolCalls: [{ ...call('c1', 'lookup'), function: { name: 'lookup', arguments: '[1]' } }],
    });
    let error: unknown;
    try {
      modelTurn(broken);
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).argument).toBe('messages[1].toolCalls[0].function.arguments');
  });
});

describe('request.providerOptions.gemini.includeServerSideToolInvocations', () => {
  it('is sent in toolConfig, beside the function-calling mode', () => {
    const body = buildGeminiRequest({
      model,
      messages: [{ role: 'user', content: 'q' }],
      tools: [{ name: 'weather', description: 'Weather', parameters: { type: 'object' } }],
      toolChoice: 'auto',
      providerOptions: { gemini: { includeServerSideToolInvocations: true } },
    });
    expect(body.toolConfig).toStrictEqual({
      functionCallingConfig: { mode: 'AUTO' },
      includeServerSideToolInvocations: true,
    });
  });

  it('is rejected when it is not a boolean, naming it', () => {
    let error: unknown;
    try {
      buildGeminiRequest({
        model,
        messages: [{ role: 'user', content: 'q' }],
        providerOptions: { gemini: { includeServerSideToolInvocations: 'yes' } },
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ValidationError).argument).toBe(
      'request.providerOptions.gemini.includeServerSideToolInvocations',
    );
  });
});
