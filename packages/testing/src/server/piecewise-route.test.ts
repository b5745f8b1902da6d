import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../test/support/test-raw-client.js';
import { piecewiseRoute } from './piecewise-route.js';
import { startRecordedServer } from './recorded-server.js';

describe('piecewiseRoute', () => {
  it('sends the pieces one write at a time: one HTTP chunk each', async () => {
    const pieces = ['data: 1\n', '\n', 'data: 2\n\n'].map((text) => new TextEncoder().encode(text));
    await using server = await startRecordedServer([piecewiseRoute(/^\/stream$/, pieces)]);
    const response = await rawRequest(server.port, { path: '/stream' }).done;
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.body.toString()).toBe('data: 1\n\ndata: 2\n\n');
    // Chunked framing shows the writes, however TCP grouped them: 8 bytes, 1 byte, 9 bytes, end.
    expect(response.raw.toString()).toContain(
      '\r\n\r\n8\r\ndata: 1\n\r\n1\r\n\n\r\n9\r\ndata: 2\n\n\r\n0\r\n\r\n',
    );
    expect(server.lastRequest()?.path).toBe('/stream');
  });

  it('takes another content type', async () => {
    const body = new TextEncoder().encode('[{"a":1}]');
    await using server = await startRecordedServer([
      piecewiseRoute('/json', [body.subarray(0, 3), body.subarray(3)], 'application/json'),
    ]);
    const response = await fetch(`${server.url}/json`, { method: 'POST' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual([{ a: 1 }]);
  });
});
