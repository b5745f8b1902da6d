import type { ServerResponse } from 'node:http';
import { setImmediate } from 'node:timers';
import type { RecordedRoute } from './recorded-route.js';

/**
 * A route that answers 200 with `pieces` as its body, each written after the previous write
 * completed and one turn of the event loop, so even a client in the same process reads them one by
 * one (pair it with `cutAtRandom`). It answers `POST` (the route default); `contentType` defaults to
 * `text/event-stream`.
 */
export function piecewiseRoute(
  path: string | RegExp,
  pieces: readonly Uint8Array[],
  contentType = 'text/event-stream',
): RecordedRoute {
  return {
    path,
    respond: async (_request, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': contentType });
      for (const piece of pieces) {
        await new Promise<void>((resolve, reject) =>
          response.write(piece, (error) => (error ? reject(error) : resolve())),
        );
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      response.end();
    },
  };
}
