// The stacks the anchor benchmark compares, each built by `createStack(name, origin, basePath)` as a
// small object with the same methods as the floor of tooling/bench/suites/openai (send, stream, open, close):
//
//   floor        raw `undici.request` on its own keep-alive Agent + eventsource-parser (JSON.parse per
//                chunk), from ../openai/openai-bench-variants.mjs;
//   aigo-openai  @aigo/openai (Chat Completions) alone;
//   aigo-client  the same provider under @aigo/client (stateless calls, no middleware);
//   openai-sdk   the official `openai` SDK, `chat.completions.create`;
//   ai-sdk       Vercel's `ai` (`generateText` / `streamText`) with `@ai-sdk/openai`'s `.chat()` model;
//   langchain    `@langchain/openai`'s `ChatOpenAI` (`invoke` / `stream`).
//
// Every module is imported inside `createStack`, so a fresh process that builds one stack loads only
// what that stack needs (the start → first reply figure counts the import). Each `stream()` reads every
// content delta and resolves to the number of characters of content it saw (not the number of deltas:
// a ChatStream reader that falls behind gets queued deltas joined, so it reads fewer, longer ones);
// `open()` resolves, once the first content delta has arrived, to a function that closes the stream.
import { contentText, countText, untilFirstText } from '../../shared/stream-text.mjs';

// ../openai/openai-bench-variants.mjs loads undici and eventsource-parser: imported by the floor
// only, so that the other stacks' processes do not pay for loading them.
const variants = () => import('../openai/openai-bench-variants.mjs');

const MODEL = 'gpt-4o-mini';
const KEY = 'sk-bench-0000000000000000000000';
const PROMPT = 'Hi';

/** Every stack name, the floor first. */
export const STACK_NAMES = Object.freeze([
  'floor',
  'aigo-openai',
  'aigo-client',
  'openai-sdk',
  'ai-sdk',
  'langchain',
]);

/** What the report calls each stack. */
export const STACK_LABELS = Object.freeze({
  floor: 'floor (undici.request + eventsource-parser)',
  'aigo-openai': '@aigo/openai',
  'aigo-client': '@aigo/client + @aigo/openai',
  'openai-sdk': 'openai SDK',
  'ai-sdk': 'Vercel AI SDK (ai + @ai-sdk/openai .chat())',
  langchain: 'LangChain (@langchain/openai ChatOpenAI)',
});

/** @aigo/openai alone (the same calls as `aigoStack` of ../openai, without loading undici early). */
async function aigoOpenaiStack(origin, basePath) {
  const { openai } = await import('@aigo/openai');
  const provider = openai({ baseURL: `${origin}${basePath}`, apiKey: KEY, api: 'chat' });
  const request = { model: MODEL, messages: [{ role: 'user', content: PROMPT }] };
  return {
    name: STACK_LABELS['aigo-openai'],
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

async function aigoClientStack(origin, basePath) {
  const { openai } = await import('@aigo/openai');
  const { createClient } = await import('@aigo/client');
  const provider = openai({ baseURL: `${origin}${basePath}`, apiKey: KEY, api: 'chat' });
  const client = createClient(provider, { defaultModel: MODEL, env: {} });
  return {
    name: STACK_LABELS['aigo-client'],
    async send() {
      return (await client.sendMessage(PROMPT)).content;
    },
    async stream() {
      return countText(await client.streamMessage(PROMPT), contentText);
    },
    async open() {
      const iterator = await untilFirstText(await client.streamMessage(PROMPT), contentText);
      return () => iterator.return?.();
    },
    close: () => provider.close(),
  };
}

async function openaiSdkStack(origin, basePath) {
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({ apiKey: KEY, baseURL: `${origin}${basePath}`, maxRetries: 0 });
  const messages = [{ role: 'user', content: PROMPT }];
  const text = (chunk) => chunk.choices[0]?.delta?.content;
  const create = () =>
    client.chat.completions.create({
      model: MODEL,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
  return {
    name: STACK_LABELS['openai-sdk'],
    async send() {
      const completion = await client.chat.completions.create({ model: MODEL, messages });
      return completion.choices[0].message.content;
    },
    async stream() {
      return countText(await create(), text);
    },
    async open() {
      const stream = await create();
      await untilFirstText(stream, text);
      return () => stream.controller.abort();
    },
    close: () => undefined,
  };
}

async function aiSdkStack(origin, basePath) {
  // Warnings about unsupported settings would go to the console on every call.
  globalThis.AI_SDK_LOG_WARNINGS = false;
  const { generateText, streamText } = await import('ai');
  const { createOpenAI } = await import('@ai-sdk/openai');
  const model = createOpenAI({ apiKey: KEY, baseURL: `${origin}${basePath}` }).chat(MODEL);
  const text = (delta) => delta;
  return {
    name: STACK_LABELS['ai-sdk'],
    async send() {
      return (await generateText({ model, prompt: PROMPT, maxRetries: 0 })).text;
    },
    async stream() {
      let failure;
      const result = streamText({
        model,
        prompt: PROMPT,
        maxRetries: 0,
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
        model,
        prompt: PROMPT,
        maxRetries: 0,
        abortSignal: controller.signal,
        onError: () => undefined,
      });
      await untilFirstText(result.textStream, text);
      return () => controller.abort();
    },
    close: () => undefined,
  };
}

async function langchainStack(origin, basePath) {
  const { ChatOpenAI } = await import('@langchain/openai');
  const model = new ChatOpenAI({
    model: MODEL,
    apiKey: KEY,
    configuration: { baseURL: `${origin}${basePath}` },
    maxRetries: 0,
  });
  const text = (chunk) => (typeof chunk.content === 'string' ? chunk.content : undefined);
  return {
    name: STACK_LABELS.langchain,
    async send() {
      return (await model.invoke(PROMPT)).content;
    },
    async stream() {
      return countText(await model.stream(PROMPT), text);
    },
    async open() {
      const controller = new AbortController();
      await untilFirstText(await model.stream(PROMPT, { signal: controller.signal }), text);
      return () => controller.abort();
    },
    close: () => undefined,
  };
}

/**
 * Builds stack `name` against the mock server at `origin` (`basePath` '/v1', or '/hold/v1' for
 * streams the server holds open). `label` names a floor copy ('F', 'F′').
 */
export async function createStack(name, origin, basePath = '/v1', label = 'F') {
  switch (name) {
    case 'floor':
      return (await variants()).floorStack(origin, label, basePath);
    case 'aigo-openai':
      return aigoOpenaiStack(origin, basePath);
    case 'aigo-client':
      return aigoClientStack(origin, basePath);
    case 'openai-sdk':
      return openaiSdkStack(origin, basePath);
    case 'ai-sdk':
      return aiSdkStack(origin, basePath);
    case 'langchain':
      return langchainStack(origin, basePath);
    default:
      // The Anthropic suite's stacks (../anthropic/anthropic-stacks.mjs) run on this machinery too.
      if (name.startsWith('anthropic-')) {
        const { createAnthropicStack } = await import('../anthropic/anthropic-stacks.mjs');
        return createAnthropicStack(name, origin, basePath, label);
      }
      throw new Error(`unknown stack ${name}`);
  }
}
