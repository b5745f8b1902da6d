/**
 * Layer 1: a provider adapter on its own — no client, no memory, no agent.
 *
 * A provider (`openai()` from `@aigo/openai`, `gemini()` from `@aigo/gemini`, or your own) has two
 * calls: `sendMessage(request)` resolves to the whole `ChatResponse`, and `streamMessage(request)`
 * resolves to a `ChatStream` of events. Both take the same `ChatRequest` and give the same answer
 * shape on every provider.
 *
 * Offline, `startRecordedServer` from `@aigo/testing` serves on 127.0.0.1 answers recorded from
 * api.openai.com, byte for byte, and the real `@aigo/openai` adapter talks HTTP to it — so this is the
 * same code path as a call to OpenAI, minus the internet. It also records what the adapter sent.
 *
 * Run: `node dist/raw-provider.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import type { StreamProvider } from '@aigo/ai';
import { userMessage } from '@aigo/ai';
import { gemini } from '@aigo/gemini';
import { openai } from '@aigo/openai';
import { fixtureRoute, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { geminiKeyVariable, printHeader } from './shared/pick-model.js';

let server: RecordedServer | undefined;
let provider: StreamProvider;
let model: string;
let label: string;

if (process.env.OPENAI_API_KEY) {
  provider = openai(); // reads OPENAI_API_KEY; api.openai.com through the Responses API
  model = 'gpt-4o-mini';
  label = 'OpenAI gpt-4o-mini (OPENAI_API_KEY is set)';
} else if (geminiKeyVariable(process.env) !== undefined) {
  provider = gemini(); // reads GEMINI_API_KEY, else GOOGLE_API_KEY, else GOOGLE_GENERATIVE_AI_API_KEY
  model = 'gemini-2.5-flash';
  label = `Gemini gemini-2.5-flash (${geminiKeyVariable(process.env)} is set)`;
} else {
  // Two recorded exchanges: a JSON answer, then a streamed one (Server-Sent Events).
  const path = '/v1/chat/completions';
  server = await startRecordedServer([
    fixtureRoute({ path, fixture: 'openai-chat/text-gpt-4o-mini.json', times: 1 }),
    fixtureRoute({ path, fixture: 'openai-chat/stream-text-with-usage.sse', times: 1 }),
  ]);
  provider = openai({ baseURL: `${server.url}/v1`, apiKey: 'sk-offline-example', api: 'chat' });
  model = 'gpt-4o-mini';
  label = `OFFLINE, OpenAI answers recorded earlier, replayed by a local server at ${server.url}`;
}
printHeader('Layer 1: a raw provider call', { label });

// 1. One request, one response.
const question = 'Return the name of a random city in the world.';
console.log(`question: ${question}`);
const response = await provider.sendMessage({ model, messages: [userMessage(question)] });
console.log(`sendMessage → ${response.content}`);
console.log(`  model: ${response.model}, finish reason: ${response.finishReason}`);
console.log(
  `  usage: ${response.usage?.promptTokens} prompt + ${response.usage?.completionTokens} completion = ${response.usage?.totalTokens} tokens`,
);

// 2. The same kind of request, streamed: events arrive as the model writes.
const streamedQuestion = 'What is the capital of the UK? One sentence.';
console.log(`\nquestion: ${streamedQuestion}`);
const stream = await provider.streamMessage({ model, messages: [userMessage(streamedQuestion)] });
process.stdout.write('streamMessage → ');
const seen: string[] = [];
for await (const event of stream) {
  if (event.type === 'content') process.stdout.write(event.text);
  if (event.type === 'usage') seen.push(`usage ${event.usage.totalTokens} tokens`);
  if (event.type === 'finish') seen.push(`finish ${event.finishReason}`); // always the last event
}
console.log(`\n  then: ${seen.join(', ')}`);

// What went over the wire (offline only: the recording server saw it).
if (server !== undefined) {
  const sent = server.requests.map((request) => {
    const body = request.body as { model: string; stream?: boolean };
    return `${request.method} ${request.path} model=${body.model} stream=${body.stream === true}`;
  });
  console.log(`\nthe server received:\n  ${sent.join('\n  ')}`);
  console.log(`  authorization: ${server.requests[0]?.headers.authorization?.slice(0, 10)}…`);
}

await provider.close?.(); // providers own a connection pool
await server?.close();
