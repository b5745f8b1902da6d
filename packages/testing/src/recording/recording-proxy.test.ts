import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../server/recorded-route.js';
import { type RecordedServer, startRecordedServer } from '../server/recorded-server.js';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.js';
import { recordingRoutes } from './recording-routes.js';
import { readRecordingIndex } from './recording-store.js';

interface ErrorBody {
  readonly error: { readonly message: string; readonly code?: string };
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'aigo-recording-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A stand-in provider: answers with the prompt upper-cased and a count of the calls it took. */
async function upstream(): Promise<RecordedServer> {
  let calls = 0;
  const server = await startRecordedServer([
    {
      path: '/v1/chat',
      respond: (request: RecordedRequest, response) => {
        calls++;
        const prompt = (request.body as { prompt: string }).prompt;
        response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'id=1' });
        response.end(JSON.stringify({ answer: prompt.toUpperCase(), call: calls }));
      },
    },
    {
      path: '/v1/stream',
      headers: { 'x-upstream': 'yes' },
      sse: 'data: {"delta":"Hel"}\n\ndata: {"delta":"lo"}\n\ndata: [DONE]\n\n',
    },
    { path: '/v1/busy', status: 429, body: { error: { message: 'slow down' } }, times: 1 },
    { path: '/v1/busy', body: { ok: true } },
  ]);
  cleanup.push(() => server.close());
  return server;
}

async function proxy(options: Parameters<typeof startRecordingProxy>[0]): Promise<RecordingProxy> {
  const started = await startRecordingProxy(options);
  cleanup.push(() => started.close());
  return started;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('startRecordingProxy: record-through', () => {
  it('forwards a request once, stores it, and answers the same request from the recording', async () => {
    const server = await upstream();
    const directory = await folder();
    const recorder = await proxy({ directory });
    const base = recorder.addUpstream('stand-in', `${server.url}/v1`);
    expect(base).toBe(`${recorder.url}/stand-in`);

    const first = await post(`${base}/chat`, { prompt: 'hi' }, { authorization: 'Bearer sk-1' });
    expect(await first.json()).toEqual({ answer: 'HI', call: 1 });
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(server.lastRequest()?.headers.authorization).toBe('Bearer sk-1');
    expect(server.lastRequest()?.path).toBe('/v1/chat');

    expect(recorder.recorded).toBe(1);
    await recorder.close();

    // The same request in a later session (keys in another order, another key): replayed, the
    // upstream not called again.
    const later = await proxy({ directory });
    const again = await post(
      `${later.addUpstream('stand-in', `${server.url}/v1`)}/chat`,
      '{ "prompt" : "hi" }',
      {
        authorization: 'x',
      },
    );
    expect(await again.json()).toEqual({ answer: 'HI', call: 1 });
    expect(server.requests).toHaveLength(1);
    expect(later.replayed).toBe(1);
    expect(later.recorded).toBe(0);

    const files = (await readdir(directory)).sort();
    expect(files).toEqual([
      '0001-stand-in-chat.headers.json',
      '0001-stand-in-chat.json',
      '0001-stand-in-chat.request.json',
      'exchanges.jsonl',
    ]);
    for (const file of files) {
      expect(await readFile(join(directory, file), 'utf8')).not.toContain('sk-1');
    }
    const headers = JSON.parse(
      await readFile(join(directory, '0001-stand-in-chat.headers.json'), 'utf8'),
    );
    expect(headers.status.code).toBe(200);
    expect(headers.uri).toBe(`${server.url}/v1/chat`);
    expect(headers.headers['set-cookie']).toBeUndefined();
    expect(readRecordingIndex(directory)).toEqual([
      expect.objectContaining({
        name: '0001-stand-in-chat',
        method: 'POST',
        path: '/stand-in/chat',
      }),
    ]);
  });

  it('records identical requests as occurrences and replays them in order', async () => {
    const server = await upstream();
    const directory = await folder();
    const recorder = await proxy({ directory });
    const base = recorder.addUpstream('up', `${server.url}/v1`);
    const answers: Array<{ call: number }> = [];
    for (let index = 0; index < 2; index++) {
      answers.push(
        (await (await post(`${base}/chat`, { prompt: 'same' })).json()) as { call: number },
      );
    }
    expect(answers.map((answer) => answer.call)).toEqual([1, 2]);
    await recorder.close();

    const replay = await proxy({ directory, mode: 'replay' });
    const url = `${replay.addUpstream('up', 'https://unused.example')}/chat`;
    const replayed: unknown[] = [];
    for (let index = 0; index < 2; index++) {
      replayed.push(await (await post(url, { prompt: 'same' })).json());
    }
    expect(replayed).toEqual(answers);
    const third = await post(url, { prompt: 'same' });
    expect(third.status).toBe(404);
    expect(((await third.json()) as ErrorBody).error.message).toContain('recorded 2 time(s)');
    expect(replay.misses).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('streams server-sent events through as they come and stores them byte for byte', async () => {
    const server = await upstream();
    const directory = await folder();
    const recorder = await proxy({ directory, upstreams: { up: `${server.url}/v1/` } });
    const response = await post(`${recorder.url}/up/stream?alt=sse&key=secret-key`, { s: 1 });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-upstream')).toBe('yes');
    const text = await response.text();
    expect(text).toBe('data: {"delta":"Hel"}\n\ndata: {"delta":"lo"}\n\ndata: [DONE]\n\n');
    expect(server.lastRequest()?.query).toEqual({ alt: 'sse', key: 'secret-key' });
    expect(await readFile(join(directory, '0001-up-stream.sse'), 'utf8')).toBe(text);
    const headers = await readFile(join(directory, '0001-up-stream.headers.json'), 'utf8');
    expect(headers).not.toContain('secret-key');
    expect(JSON.parse(headers).uri).toBe(`${server.url}/v1/stream?alt=sse`);

    // The credential does not count: another key replays the same exchange in a later session.
    await recorder.close();
    const later = await proxy({ directory, mode: 'replay' });
    const again = await post(`${later.url}/up/stream?key=other&alt=sse`, { s: 1 });
    expect(await again.text()).toBe(text);
    expect(server.requests).toHaveLength(1);
  });

  it('passes a transient failure on without storing it, and stores the retry', async () => {
    const server = await upstream();
    const directory = await folder();
    const recorder = await proxy({ directory, upstreams: { up: `${server.url}/v1` } });
    const busy = await post(`${recorder.url}/up/busy`, {});
    expect(busy.status).toBe(429);
    await busy.text();
    const retried = await post(`${recorder.url}/up/busy`, {});
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ ok: true });
    expect(readRecordingIndex(directory)).toEqual([
      expect.objectContaining({ status: 200, name: '0001-up-busy' }),
    ]);
  });

  it('stores nothing of a response the client stopped reading', async () => {
    const stalled = await startRecordedServer([
      { path: '/stall', sse: 'data: 1\n\ndata: 2\n\n', fault: { kind: 'stall', afterBytes: 9 } },
    ]);
    cleanup.push(() => stalled.close());
    const directory = await folder();
    const recorder = await proxy({ directory, upstreams: { up: stalled.url } });
    const controller = new AbortController();
    const response = await fetch(`${recorder.url}/up/stall`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n');
    controller.abort();
    await stalled.waitForSocketsClosed();
    await recorder.close();
    expect(readRecordingIndex(directory)).toEqual([]);
  });

  it('answers a request for an unknown upstream with a 404 naming it', async () => {
    const recorder = await proxy({ directory: await folder() });
    const response = await post(`${recorder.url}/nowhere/chat`, {});
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.message).toContain('no upstream "nowhere"');
    expect(recorder.misses).toEqual([expect.objectContaining({ path: '/nowhere/chat' })]);
  });

  it('answers 502 when the upstream cannot be reached, and stores nothing', async () => {
    const gone = await startRecordedServer([]);
    const address = gone.url;
    await gone.close();
    const directory = await folder();
    const recorder = await proxy({ directory, upstreams: { up: address } });
    const response = await post(`${recorder.url}/up/chat`, {});
    expect(response.status).toBe(502);
    expect(((await response.json()) as ErrorBody).error.message).toContain(
      'the upstream request failed',
    );
    expect(readRecordingIndex(directory)).toEqual([]);
  });
});

describe('recordingRoutes', () => {
  it('replays a recording folder through startRecordedServer', async () => {
    const server = await upstream();
    const directory = await folder();
    const recorder = await proxy({ directory, upstreams: { up: `${server.url}/v1` } });
    await post(`${recorder.url}/up/chat`, { prompt: 'one' });
    await post(`${recorder.url}/up/stream`, {});
    await recorder.close();

    const replay = await startRecordedServer(recordingRoutes(directory));
    cleanup.push(() => replay.close());
    const chat = await post(`${replay.url}/up/chat`, { prompt: 'one' });
    expect(await chat.json()).toEqual({ answer: 'ONE', call: 1 });
    const stream = await post(`${replay.url}/up/stream`, {});
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(await stream.text()).toContain('data: [DONE]');
    const unknown = await post(`${replay.url}/up/chat`, { prompt: 'two' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe('no_recording');
  });

  it('rejects a folder path that is not a string', () => {
    expect(() => recordingRoutes('')).toThrow(ValidationError);
  });
});

describe('startRecordingProxy: bad options', () => {
  it('names the bad option', async () => {
    const directory = await folder();
    await expect(startRecordingProxy({ directory, port: 1 } as never)).rejects.toThrow(
      /options\.port/,
    );
    await expect(startRecordingProxy({ directory, mode: 'live' } as never)).rejects.toThrow(
      /options\.mode/,
    );
    await expect(startRecordingProxy({ directory: '' })).rejects.toThrow(/options\.directory/);
    await expect(
      startRecordingProxy({ directory, upstreams: { 'bad name': 'http://x' } }),
    ).rejects.toThrow(ValidationError);
    const recorder = await proxy({ directory, upstreams: { up: 'http://127.0.0.1:1' } });
    expect(() => recorder.addUpstream('up', 'http://127.0.0.1:2')).toThrow(/already routes/);
    expect(() => recorder.addUpstream('ftp', 'ftp://x')).toThrow(/http\(s\) URL/);
    expect(recorder.addUpstream('up', 'http://127.0.0.1:1/')).toBe(`${recorder.url}/up`);
  });
});
