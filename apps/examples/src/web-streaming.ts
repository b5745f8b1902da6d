/**
 * Streaming to the web: a chat endpoint and an agent endpoint that answer with server-sent events,
 * read by a `fetch` client the way a browser reads them.
 *
 * `toSSEResponse(stream)` (from `@aigo/ai`) turns a `ChatStream` (`client.streamMessage`) or an
 * agent's stream (`agent.executeStream`) into a web `Response`: what a Hono app or a Next.js route
 * handler returns as is. `pipeResponse(response, res)` sends it through Node's `http.ServerResponse`
 * (Express's `res`, Fastify's `reply.raw`), as this server does. On the wire each event is
 * `event: <type>\ndata: <json>\n\n`; a failure is an `error` event, the last. When the client goes
 * away, the model call is cancelled and the agent run aborted: nothing more is generated or billed.
 *
 * Run: `node dist/web-streaming.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineTool, pipeResponse, toSSEResponse } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'The current temperature in a city, in °C',
  input: Type.Object({ city: Type.String() }),
  execute: ({ city }) => ({ city, celsius: city.toLowerCase() === 'rome' ? 24 : 18 }),
});

// A slow tool: it answers after 30 s, unless the run is aborted first.
const searchArchive = defineTool({
  name: 'search_archive',
  description: 'Searches the whole weather archive (slow)',
  input: Type.Object({ query: Type.String() }),
  execute: (_input, { signal }) =>
    new Promise<{ matches: number }>((resolve, reject) => {
      const timer = setTimeout(() => resolve({ matches: 0 }), 30_000);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          console.log('   tool: search_archive was cancelled');
          reject(signal.reason);
        },
        { once: true },
      );
    }),
});

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .text('Once upon a time, a small robot learned to speak, one word at a time.', {
      reasoning: 'A one-sentence story: keep it short.',
    })
    .toolCall('get_weather', { city: 'Rome' })
    .text('It is 24 °C in Rome right now.')
    .toolCall('search_archive', { query: 'every storm since 1900' }),
);
printHeader('Streaming to the web', { label });

const chat = createClient(provider, { defaultModel: model });
const agent = createReAct(
  createClient(provider, { defaultModel: model, tools: [weather, searchArchive] }),
);

// ---- The server: GET /chat?q=… and GET /agent?q=… answer with server-sent events.
const finished: Promise<string>[] = [];
const server = createServer((req, res) => {
  finished.push(handle(new URL(req.url ?? '/', 'http://localhost'), res));
});

async function handle(url: URL, res: import('node:http').ServerResponse): Promise<string> {
  const prompt = url.searchParams.get('q') ?? '';
  // A client that leaves before the first byte stops the call too.
  const left = new AbortController();
  res.once('close', () => left.abort());
  try {
    if (url.pathname === '/agent') {
      const stream = agent.executeStream(prompt, { signal: left.signal });
      await pipeResponse(toSSEResponse(stream), res);
      return stream.collect().then(
        () => 'finished',
        (error: { code: string }) => `stopped (${error.code})`,
      );
    }
    const stream = await chat.streamMessage(prompt, { signal: left.signal });
    await pipeResponse(toSSEResponse(stream), res);
    return stream.collect().then(
      () => 'finished',
      (error: { code: string }) => `cancelled (${error.code})`,
    );
  } catch (error) {
    // A failure before the stream exists (a bad key, a rate limit) is an ordinary HTTP error.
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: (error as { code?: string }).code ?? 'error' }));
    return 'failed before streaming';
  }
}

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// ---- The client: fetch and an SSE parser, as in a browser (EventSource works too, for GET).
async function* events(path: string, signal?: AbortSignal) {
  const response = await fetch(`${base}${path}`, signal === undefined ? {} : { signal });
  const body = response.body as ReadableStream<Uint8Array>;
  const messages = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  for await (const message of messages) {
    yield { event: message.event ?? 'message', data: JSON.parse(message.data) };
  }
}

/** What the line of a non-text event shows. */
// biome-ignore lint/suspicious/noExplicitAny: the parsed JSON of each event
function summary(event: string, data: any): string {
  switch (event) {
    case 'start':
      return data.model;
    case 'iteration_start':
      return `${data.iteration}`;
    case 'tool_call':
      return `${data.toolCall.function.name}(${data.toolCall.function.arguments})`;
    case 'tool_result':
      return data.result;
    case 'usage':
      return `${data.usage.totalTokens} tokens`;
    case 'finish':
      return data.finishReason;
    case 'final_answer':
      return data.content;
    case 'error':
      return `${data.code}: ${data.message}`;
    default:
      return '';
  }
}

/** Prints each event; text fragments of one kind go on one line. */
async function show(path: string): Promise<void> {
  console.log(`-- GET ${path}`);
  let open = '';
  for await (const { event, data } of events(path)) {
    const text = event === 'content' || event === 'reasoning';
    if (text && open === event) {
      process.stdout.write(data.text);
      continue;
    }
    if (open !== '') process.stdout.write('\n');
    open = text ? event : '';
    const shown = text ? data.text : summary(event, data);
    process.stdout.write(`event: ${event.padEnd(16)}${shown}${text ? '' : '\n'}`);
  }
  if (open !== '') process.stdout.write('\n');
  console.log(`   server: the stream ${await finished.at(-1)}\n`);
}

await show('/chat?q=Tell%20me%20a%20one-sentence%20story.');
await show('/agent?q=How%20warm%20is%20it%20in%20Rome%3F');

// The user closes the tab while the agent's slow tool runs: the run is aborted, the tool cancelled.
console.log('-- GET /agent?q=Search the archive for storms. (the client leaves early)');
const leave = new AbortController();
try {
  for await (const { event, data } of events(
    '/agent?q=Search%20the%20archive%20for%20storms.',
    leave.signal,
  )) {
    if (event === 'tool_call') {
      console.log(`   client: saw ${data.toolCall.function.name}, and leaves`);
      leave.abort();
      break;
    }
  }
} catch {
  // fetch rejects the read once aborted
}
console.log(`   server: the stream ${await finished.at(-1)}`);

server.close();
await provider.close?.();
