/**
 * A call whose request waits for a connection (queued in a pool whose connections are all busy)
 * ends as soon as its signal aborts or its deadline passes: undici only looks at the signal once the
 * request has a connection, so the client races it.
 */
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AbortError, TimeoutError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { Agent } from 'undici';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from './http-client.js';

let server: RecordedServer;
let pool: Agent;
let http: HttpClient;
/** Responses the "hold" route holds until the test answers them. */
const held: ServerResponse[] = [];

beforeEach(async () => {
  server = await startRecordedServer([
    { path: '/hold', respond: (_request, response) => void held.push(response) },
    { path: '/json', body: { ok: true } },
  ]);
  // One connection: while the first call holds it, every other call waits in the pool's queue.
  pool = new Agent({ connections: 1 });
  http = createHttpClient({ provider: 'p', dispatcher: pool });
});

afterEach(async () => {
  for (const response of held.splice(0)) response.destroy();
  await http.close();
  await pool.close();
  await server.close();
});

/** What `call` settled to within `turns` turns of the event loop, or `'still waiting'`. */
async function settledWithin(call: Promise<unknown>, turns: number): Promise<unknown> {
  const outcome = call.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  const waiting = (async () => {
    for (let i = 0; i < turns; i++) await nextTurn();
    return 'still waiting';
  })();
  return Promise.race([outcome, waiting]);
}

/**
 * Holds the pool's only connection with a call the server does not answer yet; resolves once the
 * server has the request (to the call, wrapped so that it is not awaited).
 */
async function holdTheConnection(): Promise<{ first: Promise<{ data: unknown }> }> {
  const first = http.postJson(`${server.url}/hold`, {});
  await server.waitForRequests(1);
  return { first };
}

it('an abort ends a call queued behind a busy connection at once, and the pool goes on', async () => {
  const { first } = await holdTheConnection();
  const controller = new AbortController();
  const queued = http.postSse(`${server.url}/json`, {}, { signal: controller.signal });
  const reason = new Error('user went away');
  controller.abort(reason);

  const outcome = await settledWithin(queued, 20);
  expect(AbortError.isInstance(outcome)).toBe(true);
  expect((outcome as AbortError).cause).toBe(reason);
  expect(server.requests).toHaveLength(1);

  // The first call still gets its answer, and the pool serves the next call.
  const response = held.pop() as ServerResponse;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"first":true}');
  expect((await first).data).toEqual({ first: true });
  expect((await http.postJson(`${server.url}/json`, {})).data).toEqual({ ok: true });
  // The aborted request never reached the server.
  expect(server.requests.map((request) => request.path)).toEqual(['/hold', '/json']);
});

it('the deadline ends a call queued behind a busy connection', async () => {
  const { first } = await holdTheConnection();
  first.catch(() => undefined);
  const error = await http.postJson(`${server.url}/json`, {}, { timeoutMs: 20 }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(TimeoutError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ code: 'timeout', timeoutMs: 20 });
  expect(held).toHaveLength(1);
});
