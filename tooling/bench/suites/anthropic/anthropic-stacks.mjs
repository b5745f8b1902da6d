// The stacks of the Anthropic benchmark, built on the anchors' machinery (../anchors: the same
// processes, rounds and controls; `createStack` of ../anchors/stacks.mjs hands `anthropic-*` names
// here). Each is a small object with the floor's methods (send, stream, open, close) against the mock
// Messages API server (anthropic-mock-server.mjs):
//
//   anthropic-floor  raw `undici.request` on its own keep-alive Agent + eventsource-parser
//                    (JSON.parse per event), the same job without any library;
//   anthropic-aigo   @aigo/anthropic;
//   anthropic-sdk    the official `@anthropic-ai/sdk`, `messages.create`;
//   anthropic-ai-sdk Vercel's `ai` (`generateText` / `streamText`) with `@ai-sdk/anthropic`.
//
// Every module is imported inside its builder, so a fresh process loads only what its stack needs.
// `stream()` resolves to the number of characters of text it read; `open()`, once the first text delta
// arrived, to a function that closes the stream. `basePath` is '/v1', or '/hold/v1' for streams the
// server holds open.
import { contentText, countText, untilFirstText } from '../../shared/stream-text.mjs';

const MODEL = 'claude-haiku-4-5';
const KEY = 'sk-ant-bench-000000000000000000000000';
const PROMPT = 'Hi';
const MAX_TOKENS = 1024;

/** What the report calls each stack. */
export const ANTHROPIC_STACK_LABELS = Object.freeze({
  'anthropic-floor': 'floor (undici.request + eventsource-parser, Messages SSE)',
  'anthropic-aigo': '@aigo/anthropic',
  'anthropic-sdk': 'Anthropic SDK (@anthropic-ai/sdk)',
  'anthropic-ai-sdk': 'Vercel AI SDK (ai + @ai-sdk/anthropic)',
});

/** The text of a Messages API stream event, when it is a text delta. */
const deltaText = (event) =>
  event.type === 'content_block_delta' && event.delta.type === 'text_delta'
    ? event.delta.text
    : undefined;

async function floorStack(origin, label, basePath) {
  const { Agent, request } = await import('undici');
  const { createParser } = await import('eventsource-parser');
  const dispatcher = new Agent({ connect: { timeout: 10_000 } });
  const url = `${origin}${basePath}/messages`;
  const headers = {
    'content-type': 'application/json',
    'x-api-key': KEY,
    'anthropic-version': '2023-06-01',
  };
  const messages = [{ role: 'user', content: PROMPT }];
  const sendBody = JSON.stringify({ model: MODEL, max_tokens: MAX_TOKENS, messages });
  const streamBody = JSON.stringify({
    model: MODEL,
    max_tokens: MAX_TOKENS,
    messages,
    stream: true,
  });
  const streamHeaders = { ...headers, accept: 'text/event-stream' };
  const post = (body, sent) =>
    request(url, { method: 'POST', headers: sent, body, dispatcher }).then((response) => {
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      return response;
    });
  return {
    name: `${label} (undici + eventsource-parser)`,
    async send() {
      const json = await (await post(sendBody, headers)).body.json();
      return json.content[0].text;
    },
    async stream() {
      const response = await post(streamBody, streamHeaders);
      return new Promise((resolve, reject) => {
        const parts = [];
        const parser = createParser({
          onEvent(event) {
            const text = deltaText(JSON.parse(event.data));
            if (text) parts.push(text);
          },
        });
        const decoder = new TextDecoder();
        response.body.on('data', (bytes) => parser.feed(decoder.decode(bytes, { stream: true })));
        response.body.on('end', () => {
          parser.feed(`${decoder.decode()}\n\n`);
          const answer = parts.join('');
          if (answer.length === 0) reject(new Error('no content'));
          else resolve(answer.length);
        });
        response.body.on('error', reject);
      });
    },
    async open() {
      const response = await post(streamBody, streamHeaders);
      await new Promise((resolve, reject) => {
        const decoder = new TextDecoder();
        const parser = createParser({
          onEvent(event) {
            if (deltaText(JSON.parse(event.data))) resolve();
          },
        });
        response.body.on('data', (bytes) => parser.feed(decoder.decode(bytes, { stream: true })));
        response.body.on('error', reject);
      });
      return () => response.body.destroy();
    },
    close: () => dispatcher.close(),
  };
}

async function aigoStack(origin, basePath) {
  const { anthropic } = await import('@aigo/anthropic');
  // anthropic() appends /v1/messages to its base URL.
  const provider = anthropic({ baseURL: `${origin}${basePath.replace(/\/v1$/, '')}`, apiKey: KEY });
  const request = {
    model: MODEL,
    messages: [{ role: 'user', content: PROMPT }],
    maxOutputTokens: MAX_TOKENS,
  };
  return {
    name: ANTHROPIC_STACK_LABELS['anthropic-aigo'],
    async send() {
      return (await provider.sendMessage(request)).content;
    },
    async stream() {
      return countText(await provider.streamMessage(request), contentText);
    },
    async open() {
      const iterator = await untilFirstText(await provider.streamMessage(request), contentText);
      return () => iterator.return?.();
    },
    close: () => provider.close(),
  };
}

async function sdkStack(origin, basePath) {
  const { default: Anthropic } = await import('@anthropic-ai/sdk');
  // The SDK appends /v1/messages to its base URL.
  const client = new Anthropic({
    apiKey: KEY,
    baseURL: `${origin}${basePath.replace(/\/v1$/, '')}`,
    maxRetries: 0,
  });
  const params = {
    model: MODEL,
    max_tokens: MAX_TOKENS,
    messages: [{ role: 'user', content: PROMPT }],
  };
  const create = () => client.messages.create({ ...params, stream: true });
  return {
    name: ANTHROPIC_STACK_LABELS['anthropic-sdk'],
    async send() {
      return (await client.messages.create(params)).content[0].text;
    },
    async stream() {
      return countText(await create(), deltaText);
    },
    async open() {
      const stream = await create();
      await untilFirstText(stream, deltaText);
      return () => stream.controller.abort();
    },
    close: () => undefined,
  };
}

async function aiSdkStack(origin, basePath) {
  globalThis.AI_SDK_LOG_WARNINGS = false;
  const { generateText, streamText } = await import('ai');
  const { createAnthropic } = await import('@ai-sdk/anthropic');
  // @ai-sdk/anthropic appends /messages to its base URL (default https://api.anthropic.com/v1).
  const model = createAnthropic({ apiKey: KEY, baseURL: `${origin}${basePath}` })(MODEL);
  const options = { model, prompt: PROMPT, maxRetries: 0, maxOutputTokens: MAX_TOKENS };
  const text = (delta) => delta;
  return {
    name: ANTHROPIC_STACK_LABELS['anthropic-ai-sdk'],
    async send() {
      return (await generateText(options)).text;
    },
    async stream() {
      let failure;
      const result = streamText({
        ...options,
        onError: ({ error }) => {
          failure = error;
        },
      });
      const count = await countText(result.textStream, text);
      if (failure) throw failure;
      return count;
    },
    async open() {
      const controller = new AbortController();
      const result = streamText({
        ...options,
        abortSignal: controller.signal,
        onError: () => undefined,
      });
      await untilFirstText(result.textStream, text);
      return () => controller.abort();
    },
    close: () => undefined,
  };
}

/** Builds Anthropic stack `name` against the mock server at `origin`. */
export async function createAnthropicStack(name, origin, basePath = '/v1', label = 'F') {
  switch (name) {
    case 'anthropic-floor':
      return floorStack(origin, label, basePath);
    case 'anthropic-aigo':
      return aigoStack(origin, basePath);
    case 'anthropic-sdk':
      return sdkStack(origin, basePath);
    case 'anthropic-ai-sdk':
      return aiSdkStack(origin, basePath);
    default:
      throw new Error(`unknown stack ${name}`);
  }
}
