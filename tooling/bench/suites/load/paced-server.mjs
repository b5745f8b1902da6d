// The load bench's model server, in a process of its own (shared/fork-server.mjs): OpenAI Chat
// Completions streaming, paced like a model — `tokens` content chunks `gapMs` apart, the first one at
// once, then a usage chunk and `[DONE]`. It reads each request body whole, as a real server does.
//
//   node paced-server.mjs <tokens> <gapMs>
import { createServer } from 'node:http';

const TOKENS = Number(process.argv[2] ?? 40);
const GAP_MS = Number(process.argv[3] ?? 10);

const HEAD =
  '{"id":"chatcmpl-load","object":"chat.completion.chunk","created":1764000000,"model":"gpt-4o-mini-2024-07-18","choices":[';
const tokenChunk = (index) =>
  `data: ${HEAD}{"index":0,"delta":{${index === 0 ? '"role":"assistant",' : ''}"content":"w${index} "},"finish_reason":null}]}\n\n`;
const CHUNKS = Array.from({ length: TOKENS }, (_, index) => tokenChunk(index));
const FINISH = `data: ${HEAD}{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: ${HEAD}],"usage":{"prompt_tokens":60,"completion_tokens":${TOKENS},"total_tokens":${60 + TOKENS}}}\n\ndata: [DONE]\n\n`;

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    let sent = 0;
    const next = () => {
      if (response.destroyed) return;
      response.write(CHUNKS[sent++]);
      if (sent < TOKENS) setTimeout(next, GAP_MS);
      else response.end(FINISH);
    };
    next();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port, tokens: TOKENS, gapMs: GAP_MS });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
