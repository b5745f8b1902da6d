// The web-streaming tests' server and reader: a node:http server on 127.0.0.1 that counts its
// sockets, and a fetch reader that parses server-sent events with eventsource-parser.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** One server-sent event as a client reads it: its name and its parsed JSON data. */
export interface ReadEvent {
  readonly event: string;
  readonly data: { readonly type: string } & Record<string, unknown>;
}

/** A node:http server running `handler` per request; `handled` holds each handler's promise. */
export async function startWebServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
) {
  const sockets = new Set<Socket>();
  const closed = new Set<Promise<void>>();
  const handled: Promise<void>[] = [];
  const server = createServer((req, res) => {
    handled.push(handler(req, res));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    const done = new Promise<void>((resolve) => {
      socket.once('close', () => {
        sockets.delete(socket);
        resolve();
      });
    });
    closed.add(done);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handled,
    get openSockets() {
      return sockets.size;
    },
    /** Resolves once every socket this server has had is closed. */
    async socketsClosed() {
      await Promise.all(closed);
    },
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The server-sent events of a response body, as they arrive. */
export async function* readEvents(response: Response): AsyncGenerator<ReadEvent> {
  const body = response.body;
  if (body === null) return;
  const messages = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  for await (const message of messages) {
    yield { event: message.event ?? 'message', data: JSON.parse(message.data) };
  }
}

/** Every server-sent event of a response body, once it ended. */
export async function allEvents(response: Response): Promise<ReadEvent[]> {
  const events: ReadEvent[] = [];
  for await (const event of readEvents(response)) events.push(event);
  return events;
}

/** The text of the `content` events, joined. */
export function contentOf(events: readonly ReadEvent[]): string {
  return events
    .filter((event) => event.event === 'content')
    .map((event) => event.data.text as string)
    .join('');
}
