// The @aigo/openai benchmark's mock Chat Completions server, in a child process of its own so that
// serving does not share an event loop with the code being measured. POST /v1/chat/completions
// answers a tiny completion, or — when the body asks for `"stream":true` — a TOKENS-event stream in
// OpenAI's shape (content deltas, a finish chunk, a usage chunk, [DONE]). POST /hold/v1/chat/completions
// sends one chunk and then holds the stream open until the client goes away (for the RSS figure).
// The port goes to the parent over IPC.
import { createServer } from 'node:http';

const tokens = Number(process.argv[2] ?? 5000);
const ID = 'chatcmpl-bench000000000000000000000';
const MODEL = 'gpt-4o-mini-2024-07-18';

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: ID, object: 'chat.completion.chunk', created: 1, model: MODEL, system_fingerprint: 'fp_bench', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;

function buildStream(count) {
  const words = ['The', ' capital', ' of', ' the', ' UK', ' is', ' London', '.', ' Ünïcödé', ' 🚀'];
  const parts = [chunk({ role: 'assistant', content: '' })];
  for (let i = 0; i < count; i++) parts.push(chunk({ content: words[i % words.length] }));
  parts.push(chunk({}, 'stop'));
  parts.push(
    `data: ${JSON.stringify({ id: ID, object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [], usage: { prompt_tokens: 10, completion_tokens: count, total_tokens: count + 10 } })}\n\n`,
  );
  parts.push('data: [DONE]\n\n');
  return Buffer.from(parts.join(''), 'utf8');
}

const stream = buildStream(tokens);
const tiny = Buffer.from(
  JSON.stringify({
    id: ID,
    object: 'chat.completion',
    created: 1,
    model: MODEL,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: 'Hi!', refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
  }),
);
const firstChunk = chunk({ role: 'assistant', content: 'Hello' });
const PIECE = 16 * 1024;

const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (text) => {
    body += text;
  });
  request.on('end', () => {
    if (request.url?.startsWith('/hold/')) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(firstChunk);
      return; // held open until the client closes
    }
    if (body.includes('"stream":true')) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (let offset = 0; offset < stream.length; offset += PIECE) {
        response.write(stream.subarray(offset, offset + PIECE));
      }
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': tiny.length });
    response.end(tiny);
  });
});
server.keepAliveTimeout = 60_000;
server.maxHeadersCount = 0;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port, streamBytes: stream.length, tokens });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
});
