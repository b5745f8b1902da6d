/** Tool results with media parts, seen from the wire: what each API is sent. */
import {
  audioPart,
  type ChatRequest,
  documentPart,
  documentPartFromUri,
  imagePart,
  imagePartFromUri,
  type Message,
  textPart,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import type { RecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, createHarness, RESPONSES_PATH } from './support/harness.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = 'JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoK';

const call = {
  id: 'call_1',
  type: 'function' as const,
  function: { name: 'screenshot', arguments: '{"url":"https://example.com"}' },
};
const assistant: Message = { role: 'assistant', content: '', toolCalls: [call] };

/** A turn answering `call_1` with the text, a screenshot, a fetched PDF, a linked image and audio. */
function request(): ChatRequest {
  return {
    model: 'gpt-5-mini',
    messages: [
      userMessage('What is on the page?'),
      assistant,
      toolMessage('call_1', [
        textPart('{"ok":true,'),
        textPart('"title":"Home"}'),
        imagePart(PNG, 'image/png'),
        documentPart(PDF, 'application/pdf', { filename: 'page.pdf' }),
        imagePartFromUri('https://example.com/logo.png'),
        documentPartFromUri('file-abc123'),
        audioPart('UklGRg==', 'audio/wav'),
      ]),
    ],
  };
}

/** The JSON body of the last request the server received. */
function sentBody(server: RecordedServer): { input: unknown[] } {
  return (server.lastRequest()?.body ?? { input: [] }) as { input: unknown[] };
}

const CHAT_OK = {
  id: 'chatcmpl-1',
  model: 'gpt-5-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'A page' }, finish_reason: 'stop' }],
};
const RESPONSES_OK = {
  id: 'resp_1',
  model: 'gpt-5-mini',
  status: 'completed',
  output: [
    {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'A page', annotations: [] }],
    },
  ],
};

describe('a tool result with media parts', () => {
  it('Responses API: function_call_output.output holds input_text, input_image and input_file items', async () => {
    const server = await harness.serve({ path: RESPONSES_PATH, body: RESPONSES_OK });
    const provider = harness.provider(server, { api: 'responses' });
    await provider.sendMessage(request());
    const input = sentBody(server).input;
    expect(input[2]).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: [
        { type: 'input_text', text: '{"ok":true,' },
        { type: 'input_text', text: '"title":"Home"}' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG}`, detail: 'auto' },
        {
          type: 'input_file',
          filename: 'page.pdf',
          file_data: `data:application/pdf;base64,${PDF}`,
        },
        { type: 'input_image', image_url: 'https://example.com/logo.png', detail: 'auto' },
        { type: 'input_file', file_id: 'file-abc123' },
      ],
    });
  });

  it('Responses API: a result of text parts only is sent as one string, as before', async () => {
    const server = await harness.serve({ path: RESPONSES_PATH, body: RESPONSES_OK });
    const provider = harness.provider(server, { api: 'responses' });
    const textOnly = request();
    await provider.sendMessage({
      ...textOnly,
      messages: [
        ...textOnly.messages.slice(0, 2),
        toolMessage('call_1', [
          textPart('{"ok":'),
          textPart('true}'),
          audioPart('UklGRg==', 'audio/wav'),
        ]),
      ],
    });
    const input = sentBody(server).input;
    expect(input[2]).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: '{"ok":true}',
    });
  });

  it('Chat Completions: the text parts joined, the media left out (no base64 in the text)', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    const provider = harness.provider(server, { api: 'chat' });
    await provider.sendMessage(request());
    const sent = server.lastRequest();
    expect((sent?.body as { messages: unknown[] } | undefined)?.messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: '{"ok":true,"title":"Home"}',
    });
    expect(sent?.rawBody).not.toContain(PNG);
    expect(sent?.rawBody).not.toContain(PDF);
  });

  it('streams send the same tool result as whole calls', async () => {
    const server = await harness.serve(
      { path: RESPONSES_PATH, body: RESPONSES_OK, times: 1 },
      {
        path: RESPONSES_PATH,
        sse: `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response: RESPONSES_OK })}\n\n`,
      },
    );
    const provider = harness.provider(server, { api: 'responses' });
    await provider.sendMessage(request());
    await (await provider.streamMessage(request())).collect();
    const [whole, streamed] = server.requests.map(
      (sent) => (sent.body as { input: unknown[] }).input[2],
    );
    expect(streamed).toEqual(whole);
  });
});
