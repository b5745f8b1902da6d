// The Anthropic benchmark's mock Messages API server, in a child process of its own so that serving
// does not share an event loop with the code measured. POST /v1/messages answers a tiny message, or
// — when the body asks for `"stream":true` — a TOKENS-delta stream in the API's shape (message_start,
// a ping, one text block of TOKENS text_delta events, message_delta with the usage, message_stop;
// `event:` lines and all). POST /hold/v1/messages sends the stream's start and one delta, then holds
// the stream open until the client goes away (for the RSS figure). The port goes to the parent over IPC.
import { createServer } from 'node:http';

const tokens = Number(process.argv[2] ?? 5000);
const ID = 'msg_bench0000000000000000000';
const MODEL = 'claude-haiku-4-5-20251001';

const event = (data) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
const usage = (output) => ({
  input_tokens: 10,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
  output_tokens: output,
  service_tier: 'standard',
});
const start = [
  event({
    type: 'message_start',
    message: {
      id: ID,
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: usage(1),
    },
  }),
  event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  event({ type: 'ping' }),
].join('');
const delta = (text) =>
  event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });

function buildStream(count) {
  const words = ['The', ' capital', ' of', ' the', ' UK', ' is', ' London', '.', ' Ünïcödé', ' 🚀'];
  const parts = [start];
  for (let i = 0; i < count; i++) parts.push(delta(words[i % words.length]));
  parts.push(event({ type: 'content_block_stop', index: 0 }));
  parts.push(
    event({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: count },
    }),
  );
  parts.push(event({ type: 'message_stop' }));
  return Buffer.from(parts.join(''), 'utf8');
}

const stream = buildStream(tokens);
const tiny = Buffer.from(
  JSON.stringify({
    id: ID,
    type: 'message',
    role: 'assistant',
    model: MODEL,
    content: [{ type: 'text', text: 'Hi!' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: usage(2),
  }),
);
const held = Buffer.from(start + delta('Hello'), 'utf8');
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
      response.write(held);
      return; // held open until the client closes
    }
    if (/"stream":\s*true/.test(body)) {
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
