// The devtools server probed as a hostile web page or local process would: a foreign Host (DNS
// rebinding: a run waiting for approval, then read and decide from the rebound name), a foreign or
// missing Origin, no token or a wrong one, bodies too large, stalled headers and bodies, malformed
// JSON, two decisions on one approval at once. After each, the page's own requests still work.
// A real agent, the real server on 127.0.0.1, raw sockets for the stalls, no sleeps.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { rawHttpExchange } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevtoolsObserver, DevtoolsOptions, RunSummary } from '../src/index.js';
import { decide, tokenOf } from './support/test-decisions.js';
import { payingSetup, suspend } from './support/test-real-payer.js';

const opened: DevtoolsObserver[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.close()));
});

async function setup(options: Omit<DevtoolsOptions, 'runStore' | 'agents'> = {}) {
  const printed: string[] = [];
  const setup = await payingSetup({ print: (line) => printed.push(line), ...options });
  opened.push(setup.tools);
  const suspended = await suspend(setup.agent);
  const runs = await page<RunSummary[]>(setup.tools, '/api/runs');
  const runId = runs[0]?.id ?? '';
  const decision = JSON.stringify({ [suspended.requests[0]?.id ?? '']: { approved: true } });
  return { ...setup, printed, runId, decision };
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request with exactly these headers (Host included: the server's own unless given). */
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
        agent: false,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${tools.port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          // The event stream never ends by itself: its first bytes are enough.
          if (response.headers['content-type']?.startsWith('text/event-stream')) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** What the page itself reads: the token in the query, its own Host. */
async function page<T>(tools: DevtoolsObserver, path: string): Promise<T> {
  const answer = await call(tools, `${path}?token=${tokenOf(tools)}`);
  expect(answer.status, path).toBe(200);
  return JSON.parse(answer.body) as T;
}

describe('devtools against a hostile client: Host, Origin, rebinding', () => {
  it('the rebinding sequence: a run waits for approval; reading and deciding from a foreign Host give and run nothing', async () => {
    const { tools, runId, decision, payments, spans, printed } = await setup();
    const token = tokenOf(tools);
    const rebound = `attacker.example:${tools.port}`;
    for (const path of ['/', '/api/runs', `/api/runs/${runId}`, '/api/events', '/assets/app.js']) {
      const answer = await call(tools, `${path}?token=${token}`, { headers: { host: rebound } });
      expect(answer.status, path).toBe(421);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'this server does not answer to that Host',
      });
      expect(answer.body).not.toContain(runId);
    }
    const post = (headers: Record<string, string>) =>
      call(tools, `/api/runs/${runId}/decisions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-aigo-devtools-token': token, ...headers },
        body: decision,
      });
    expect((await post({ host: rebound, origin: `http://${rebound}` })).status).toBe(421);
    expect((await post({ origin: `http://${rebound}` })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect(payments).toEqual([]);
    // Refusals are printed once each, without the token.
    expect(printed.filter((line) => line.includes(' 421 '))).toHaveLength(6);
    expect(printed.slice(1).join('\n')).not.toContain(token); // the first line is the address

    // The page's own decision still resumes the run.
    expect((await decide(tools, runId, decision)).status).toBe(202);
    await spans.ended(2);
    expect(payments).toEqual([{ amount: 120, to: 'ACME' }]);
  });

  it('a GET from a foreign Origin is refused too; no CORS headers', async () => {
    const { tools } = await setup();
    const answer = await call(tools, `/api/runs?token=${tokenOf(tools)}`, {
      headers: { origin: 'http://attacker.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    await page(tools, '/api/runs');
  });

  it('two decisions on one approval at once: 202 and 409, the tool runs once', async () => {
    const { tools, runId, decision, payments, spans } = await setup();
    const answers = await Promise.all([
      decide(tools, runId, decision),
      decide(tools, runId, decision),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    await spans.ended(2);
    expect(payments).toHaveLength(1);
  });
});

describe('devtools against a hostile client: token, limits, malformed requests', () => {
  it('no token or a wrong one: 401 with a JSON body', async () => {
    const { tools } = await setup();
    for (const path of ['/api/runs', '/api/runs?token=wrong']) {
      const answer = await call(tools, path);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({
        error:
          'a valid devtools token is required (in the address, or the x-aigo-devtools-token header)',
      });
    }
    await page(tools, '/api/runs');
  });

  it('a body over maxBodyBytes (64 KiB by default) is 413, not kept', async () => {
    const { tools, runId, payments, printed } = await setup();
    const answer = await call(tools, `/api/runs/${runId}/decisions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-aigo-devtools-token': tokenOf(tools),
        origin: `http://127.0.0.1:${tools.port}`,
      },
      body: `{"x":"${'SECRET'.repeat(12_000)}"}`,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'the body is larger than 65536 bytes' });
    expect(printed.join('\n')).not.toContain('SECRET');
    expect(payments).toEqual([]);
    await page(tools, '/api/runs');
  });

  it('stalled headers and a stalled body: the socket is closed (JSON 408)', async () => {
    const { tools, runId } = await setup({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    const headers = await rawHttpExchange(
      tools.port,
      `GET /api/runs HTTP/1.1\r\nHost: 127.0.0.1:${tools.port}\r\nX-Aigo-Dev`,
    );
    expect(headers.status).toBe(408);
    const body = await rawHttpExchange(
      tools.port,
      [
        `POST /api/runs/${runId}/decisions HTTP/1.1`,
        `Host: 127.0.0.1:${tools.port}`,
        `Origin: http://127.0.0.1:${tools.port}`,
        `X-Aigo-Devtools-Token: ${tokenOf(tools)}`,
        'Content-Type: application/json',
        'Content-Length: 300',
        '',
        '{"req',
      ].join('\r\n'),
    );
    expect(body.status).toBe(408);
    expect(JSON.parse(body.body)).toEqual({ error: 'the body stopped arriving' });
    await page(tools, '/api/runs');
  });

  it('malformed JSON is a JSON 400; malformed HTTP too', async () => {
    const { tools, runId, payments } = await setup();
    const answer = await call(tools, `/api/runs/${runId}/decisions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-aigo-devtools-token': tokenOf(tools),
        origin: `http://127.0.0.1:${tools.port}`,
      },
      body: '{"req-1":',
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'the body must be JSON' });
    const garbage = await rawHttpExchange(tools.port, 'HELLO\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(payments).toEqual([]);
    await page(tools, '/api/runs');
  });
});
