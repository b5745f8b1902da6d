import { describe, expect, it } from 'vitest';
import { loadFixture } from '../server/fixtures.js';
import { sseStallPoint } from './stall-point.js';

describe('sseStallPoint', () => {
  it('picks the event end nearest the middle', () => {
    const body = 'data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n';
    expect(sseStallPoint(body)).toBe(18);
    expect(body.slice(0, 18)).toBe('data: 1\n\ndata: 2\n\n');
  });

  it('understands \\r\\n\\r\\n separators (Gemini)', () => {
    const body = loadFixture('gemini/stream-text.sse');
    const point = sseStallPoint(body);
    expect(body.slice(0, point).endsWith('\r\n\r\n')).toBe(true);
    expect(point).toBeLessThan(Buffer.byteLength(body));
  });

  it('stops after the only event of a one-event body', () => {
    expect(sseStallPoint('data: {"a":1}\n\n')).toBe(15);
    expect(sseStallPoint('data: x')).toBe(7);
  });
});
