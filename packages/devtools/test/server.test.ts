import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { combineObservers, ValidationError } from '@aigo/ai';
import { createRecordingObserver, deferred } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools } from '../src/index.js';
import { tokenOf } from './support/test-decisions.js';

const opened: DevtoolsObserver[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.close()));
});

async function start(options: Parameters<typeof devtools>[0] = {}): Promise<DevtoolsObserver> {
  const tools = await devtools({ print: false, ...options });
  opened.push(tools);
  return tools;
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request to the devtools server, with exactly the headers given (Host included). */
function call(
  tools: DevtoolsObserver,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: tools.port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${tools.port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('devtools server: access', () => {
  it('listens on 127.0.0.1 only, with a random token in its printed URL', async () => {
    const lines: string[] = [];
    const tools = await devtools({ print: (line) => lines.push(line) });
    opened.push(tools);
    const other = await start();
    const url = new URL(tools.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(tokenOf(tools)).toMatch(/^[\w-]{43}$/);
    expect(tokenOf(tools)).not.toBe(tokenOf(other));
    expect(lines).toEqual([`aigo devtools: ${tools.url}`]);
    // Not on the IPv6 loopback either: the socket is bound to 127.0.0.1.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: '::1', port: tools.port });
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH']).toContain(refused);
  });

  it('refuses every route without the token, or with a wrong one', async () => {
    const tools = await start();
    for (const path of ['/', '/assets/app.js', '/api/runs', '/api/events', '/api/runs/x']) {
      expect((await call(tools, path)).status, path).toBe(401);
      expect((await call(tools, `${path}?token=wrong`)).status, path).toBe(401);
    }
    const page = await call(tools, `/?token=${tokenOf(tools)}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('/assets/app.js?token=');
    const script = await call(tools, '/assets/app.js', {
      headers: { 'x-aigo-devtools-token': tokenOf(tools) },
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
  });

  it('refuses a Host that is not its own (DNS rebinding)', async () => {
    const tools = await start();
    const answer = await call(tools, `/api/runs?token=${tokenOf(tools)}`, {
      headers: { host: `attacker.example:${tools.port}` },
    });
    expect(answer.status).toBe(421);
  });

  it('takes state-changing requests only with the token in a header and its own Origin', async () => {
    const tools = await start();
    const token = tokenOf(tools);
    const path = '/api/runs/r1/decisions';
    const body = '{}';
    const own = `http://127.0.0.1:${tools.port}`;
    const post = (headers: Record<string, string>, query = '') =>
      call(tools, `${path}${query}`, { method: 'POST', headers, body });
    expect((await post({ origin: own }, `?token=${token}`)).status).toBe(401);
    expect((await post({ 'x-aigo-devtools-token': token })).status).toBe(403);
    expect(
      (await post({ 'x-aigo-devtools-token': token, origin: 'http://evil.example' })).status,
    ).toBe(403);
    const allowed = await post({ 'x-aigo-devtools-token': token, origin: own });
    expect(allowed.status).toBe(409);
    expect(allowed.body).toContain('read-only');
  });
});

describe('devtools server: content and live updates', () => {
  it('serves no content without capture, even combined with an observer that captures', async () => {
    const tools = await start();
    const observer = combineObservers(tools, createRecordingObserver({ captureContent: true }));
    observer
      .startSpan('chat m', {
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.input.messages': 'PRIVATE PROMPT',
          'gen_ai.usage.input_tokens': 3,
        },
      })
      .end();
    const runs = JSON.parse((await call(tools, `/api/runs?token=${tokenOf(tools)}`)).body);
    expect(runs).toHaveLength(1);
    const detail = await call(tools, `/api/runs/${runs[0].id}?token=${tokenOf(tools)}`);
    expect(detail.body).not.toContain('PRIVATE PROMPT');
    expect(JSON.parse(detail.body).spans[0].attributes['gen_ai.usage.input_tokens']).toBe(3);
  });

  it('sends a run event on the event stream as soon as a run changes', async () => {
    const tools = await start();
    const first = deferred<string>();
    const stream = httpRequest(
      {
        host: '127.0.0.1',
        port: tools.port,
        path: `/api/events?token=${tokenOf(tools)}`,
        headers: { host: `127.0.0.1:${tools.port}` },
      },
      (response) => {
        expect(response.headers['content-type']).toContain('text/event-stream');
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('event: run')) first.resolve(text);
          else if (text.startsWith(':')) tools.startSpan('chat m').end();
        });
      },
    );
    stream.end();
    const text = await first.promise;
    stream.destroy();
    const data = JSON.parse(text.slice(text.indexOf('data: ') + 6).split('\n')[0] ?? '');
    expect(data).toMatchObject({ type: 'run', run: { kind: 'other', status: 'done' } });
  });
});

describe('devtools(): options', () => {
  it.each([
    ['options.port', { port: -1 }],
    ['options.port', { port: 1.5 }],
    ['options.captureContent', { captureContent: 'yes' }],
    ['options.maxRuns', { maxRuns: 0 }],
    ['options.maxSpansPerRun', { maxSpansPerRun: -3 }],
    ['options.force', { force: 1 }],
    ['options.print', { print: 'stderr' }],
    ['options.signal', { signal: {} }],
  ])('names %s when it is wrong', async (argument, options) => {
    const failure = await devtools(options as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).argument).toBe(argument);
  });

  it('refuses to start under NODE_ENV=production unless forced', async () => {
    const failure = await devtools({ print: false, env: { NODE_ENV: 'production' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).argument).toBe('options.force');
    const forced = await start({ env: { NODE_ENV: 'production' }, force: true });
    expect(forced.url).toContain('token=');
  });

  it('names the port when it is taken', async () => {
    const tools = await start();
    const failure = await devtools({ print: false, port: tools.port }).catch((error) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).argument).toBe('options.port');
  });

  it('closes when its signal aborts, and close() twice is fine', async () => {
    const controller = new AbortController();
    const tools = await start({ signal: controller.signal });
    controller.abort();
    const after = await call(tools, `/api/runs?token=${tokenOf(tools)}`).catch(
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(after).toBe('ECONNREFUSED');
    await tools.close();
    await tools.close();
  });
});
