// The server side of a stream bench, run in a process of its own (see fork-server.mjs): every request
// gets the same event-stream body.
import { createServer } from 'node:http';

// Written in 16 KiB pieces, as a server flushing a fast stream would.
const PIECE = 16 * 1024;

/**
 * Serves `body` as `text/event-stream` to every request on 127.0.0.1 (keep-alive), then reports
 * `{ port, bytes, ...facts }` to the parent over IPC; closes when the parent disconnects.
 */
export function serveStreamBody(body, facts = {}) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (let offset = 0; offset < body.length; offset += PIECE) {
        response.write(body.subarray(offset, offset + PIECE));
      }
      response.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: server.address().port, bytes: body.length, ...facts });
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close();
  });
}
