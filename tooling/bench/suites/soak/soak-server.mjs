// The soak's Chat Completions server, in a process of its own (started with shared/fork-server.mjs).
// What it answers is chosen by the request's `model` (`soakKinds` of @aigo/testing/soak asks for them):
//
//   hold      reads the request and never answers, not even the headers, until the client goes away
//   stall-N   the headers and N content chunks, then nothing, until the client goes away
//   full-N    a whole stream: N content chunks, the finish chunk, usage, [DONE]
//   tool      a whole stream of one `slow_tool` call (arguments in two pieces), finish tool_calls
//
// Sends `{ port }` once it listens; closes when the parent disconnects. Connections are counted on the
// client's side (client-sockets.mjs), where a leak would be.
import { createServer } from 'node:http';
import { soakWord as word } from '@aigo/testing/soak';

const ID = 'chatcmpl-soak';
const MODEL = 'soak-model';

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: ID, object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usage = (completion) =>
  `data: ${JSON.stringify({ id: ID, object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [], usage: { prompt_tokens: 12, completion_tokens: completion, total_tokens: completion + 12 } })}\n\n`;

/** The role chunk and `count` content chunks (what a stalled or whole stream starts with). */
function contentChunks(count) {
  const parts = [chunk({ role: 'assistant', content: '' })];
  for (let i = 0; i < count; i++) parts.push(chunk({ content: word(i) }));
  return parts.join('');
}

const cache = new Map();
/** The bytes a scenario sends first (memoised: the soak asks for the same few again and again). */
function body(key, build) {
  let bytes = cache.get(key);
  if (bytes === undefined) {
    bytes = Buffer.from(build(), 'utf8');
    cache.set(key, bytes);
  }
  return bytes;
}

const toolStream = () =>
  [
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
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"job":' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '"soak"}' } }] }),
    chunk({}, 'tool_calls'),
    usage(9),
    'data: [DONE]\n\n',
  ].join('');

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

function answer(model, response) {
  if (model === 'hold') return; // held until the client closes the connection
  const stall = /^stall-(\d+)$/.exec(model);
  if (stall) {
    const count = Number(stall[1]);
    response.writeHead(200, SSE_HEADERS);
    response.write(body(model, () => contentChunks(count)));
    return; // held open: the client must abort, break or time out
  }
  const full = /^full-(\d+)$/.exec(model);
  if (full) {
    const count = Number(full[1]);
    response.writeHead(200, SSE_HEADERS);
    response.end(
      body(
        model,
        () => `${contentChunks(count)}${chunk({}, 'stop')}${usage(count)}data: [DONE]\n\n`,
      ),
    );
    return;
  }
  if (model === 'tool') {
    response.writeHead(200, SSE_HEADERS);
    response.end(body(model, toolStream));
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
      model = JSON.parse(text).model;
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
