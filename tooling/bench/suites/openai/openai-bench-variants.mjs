// The stacks the @aigo/openai benchmark compares, each a small object with the same methods:
//   A  @aigo/openai (Chat Completions): sendMessage, streamMessage + for await;
//   F  the floor: raw `undici.request` on its own keep-alive Agent, `body.json()` for a completion,
//      a streaming TextDecoder + eventsource-parser + JSON.parse per chunk for a stream, the text
//      joined at the end (the same job, without aigo). F′ is an identical copy of F, the control.
// A stream resolves to the number of content characters it read (every stack must read them all).
import { createParser } from 'eventsource-parser';
import { Agent, request } from 'undici';

export const MODEL = 'gpt-4o-mini';
const KEY = 'sk-bench-0000000000000000000000';

/** (A) @aigo/openai. `openai` is the package's factory. */
export function aigoStack(openai, origin, basePath = '/v1') {
  const provider = openai({ baseURL: `${origin}${basePath}`, apiKey: KEY, api: 'chat' });
  const chatRequest = { model: MODEL, messages: [{ role: 'user', content: 'Hi' }] };
  return {
    name: 'A (@aigo/openai)',
    async send() {
      const response = await provider.sendMessage(chatRequest);
      return response.content;
    },
    async stream() {
      const stream = await provider.streamMessage(chatRequest);
      let characters = 0;
      for await (const event of stream)
        if (event.type === 'content') characters += event.text.length;
      return characters;
    },
    /** Opens a stream and waits for its first content event; resolves to a closer. */
    async open() {
      const stream = await provider.streamMessage(chatRequest);
      const iterator = stream[Symbol.asyncIterator]();
      for (;;) {
        const { value } = await iterator.next();
        if (value?.type === 'content') break;
      }
      return () => iterator.return?.();
    },
    close: () => provider.close(),
  };
}

/** (F) the floor. */
export function floorStack(origin, label = 'F', basePath = '/v1') {
  const dispatcher = new Agent({ connect: { timeout: 10_000 } });
  const url = `${origin}${basePath}/chat/completions`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` };
  const sendBody = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] });
  const streamBody = JSON.stringify({
    model: MODEL,
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  const streamHeaders = { ...headers, accept: 'text/event-stream' };
  return {
    name: `${label} (undici + eventsource-parser)`,
    async send() {
      const response = await request(url, { method: 'POST', headers, body: sendBody, dispatcher });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      const json = await response.body.json();
      return json.choices[0].message.content;
    },
    async stream() {
      const response = await request(url, {
        method: 'POST',
        headers: streamHeaders,
        body: streamBody,
        dispatcher,
      });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      return new Promise((resolve, reject) => {
        const parts = [];
        const parser = createParser({
          onEvent(event) {
            if (event.data === '[DONE]') return;
            const text = JSON.parse(event.data).choices?.[0]?.delta?.content;
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
      const response = await request(url, {
        method: 'POST',
        headers: streamHeaders,
        body: streamBody,
        dispatcher,
      });
      await new Promise((resolve, reject) => {
        const decoder = new TextDecoder();
        const parser = createParser({
          onEvent(event) {
            const text = JSON.parse(event.data).choices?.[0]?.delta?.content;
            if (text) resolve();
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
