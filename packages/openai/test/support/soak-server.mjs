// The soak test's Chat Completions server, in a child process of its own, so that the test process
// holds only the client's side of each connection (its sockets and handles are what the test counts).
// What it answers is chosen by the request's `model`:
//
//   hold:ID   reads the request, tells the parent `{ held: ID }`, and never answers, not even the
//             headers, until the client goes away
//   stall-N   the headers and N content chunks (one word each), then nothing until the client goes away
//   full-N    a whole stream: N content chunks, the finish chunk, usage, [DONE]
//   tool      a whole stream of one `slow_tool` call, finish `tool_calls`
//
// Sends `{ port }` once it listens; closes when the parent disconnects.
import { createServer } from 'node:http';
import { soakWord } from '@aigo/testing/soak';

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-soak', object: 'chat.completion.chunk', created: 1, model: 'soak', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usage = `data: ${JSON.stringify({ id: 'chatcmpl-soak', object: 'chat.completion.chunk', created: 1, model: 'soak', choices: [], usage: { prompt_tokens: 9, completion_tokens: 9, total_tokens: 18 } })}\n\n`;

function words(count) {
  let text = chunk({ role: 'assistant', content: '' });
  for (let i = 0; i < count; i++) text += chunk({ content: soakWord(i) });
  return text;
}

const toolStream = [
  chunk({
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        index: 0,
        id: 'call_soak',
        type: 'function',
        function: { name: 'slow_tool', arguments: '' },
      },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"job":"soak"}' } }] }),
  chunk({}, 'tool_calls'),
  usage,
  'data: [DONE]\n\n',
].join('');

const SSE = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

function answer(model, response) {
  if (model.startsWith('hold:')) {
    process.send?.({ held: model.slice('hold:'.length) });
    return;
  }
  const stall = /^stall-(\d+)$/.exec(model);
  if (stall) {
    response.writeHead(200, SSE);
    response.write(words(Number(stall[1])));
    return;
  }
  const full = /^full-(\d+)$/.exec(model);
  if (full) {
    response.writeHead(200, SSE);
    response.end(`${words(Number(full[1]))}${chunk({}, 'stop')}${usage}data: [DONE]\n\n`);
    return;
  }
  if (model === 'tool') {
    response.writeHead(200, SSE);
    response.end(toolStream);
    return;
  }
  response.writeHead(400, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message: `unknown soak model ${model}` } }));
}

const server = createServer((request, response) => {
  let text = '';
  request.setEncoding('utf8');
  request.on('data', (piece) => {
    text += piece;
  });
  request.on('end', () => {
    let model = '';
    try {
      model = String(JSON.parse(text).model);
    } catch {
      // answered as an unknown model
    }
    answer(model, response);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
});
