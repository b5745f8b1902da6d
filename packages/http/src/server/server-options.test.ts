import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, resolveServerOptions, type ServerOptions } from './server-options.js';

const resolve = (options: ServerOptions, host = '127.0.0.1') =>
  resolveServerOptions(options, { argument: 'options.transport', host, maxBodyBytes: 4096 });

function argumentOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.argument;
    throw error;
  }
  return undefined;
}

describe('resolveServerOptions', () => {
  it('fills in the defaults', () => {
    expect(resolve({})).toEqual({
      allowedHosts: [],
      allowedOrigins: [],
      authorize: undefined,
      allowUnauthenticated: false,
      maxBodyBytes: 4096,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
  });

  it('lower-cases hosts and origins', () => {
    const resolved = resolve({
      allowedHosts: ['Box.Local:3000', '[::1]:80', 'agents.example.com'],
      allowedOrigins: ['https://App.example.com'],
    });
    expect(resolved.allowedHosts).toEqual(['box.local:3000', '[::1]:80', 'agents.example.com']);
    expect(resolved.allowedOrigins).toEqual(['https://app.example.com']);
  });

  it('refuses to listen beyond loopback with nobody checking, unless told', () => {
    expect(argumentOf(() => resolve({}, '0.0.0.0'))).toBe('options.transport.host');
    expect(argumentOf(() => resolve({}, '192.168.1.20'))).toBe('options.transport.host');
    expect(argumentOf(() => resolve({ allowUnauthenticated: true }, '0.0.0.0'))).toBeUndefined();
    expect(argumentOf(() => resolve({ authorize: () => true }, '::'))).toBeUndefined();
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(
        argumentOf(() => resolve({}, host)),
        host,
      ).toBeUndefined();
    }
  });

  it.each([
    ['allowedHosts', { allowedHosts: 'box' }],
    ['allowedHosts[0]', { allowedHosts: ['http://box'] }],
    ['allowedHosts[0]', { allowedHosts: ['box/path'] }],
    ['allowedOrigins[0]', { allowedOrigins: ['app.example.com'] }],
    ['allowedOrigins[0]', { allowedOrigins: ['https://app.example.com/path'] }],
    ['authorize', { authorize: 'yes' }],
    ['allowUnauthenticated', { allowUnauthenticated: 'yes' }],
    ['allowUnauthenticated', { allowUnauthenticated: true, authorize: () => true }],
    ['maxBodyBytes', { maxBodyBytes: 0 }],
    ['headersTimeoutMs', { headersTimeoutMs: 1.5 }],
    ['requestTimeoutMs', { requestTimeoutMs: -1 }],
    ['keepAliveTimeoutMs', { keepAliveTimeoutMs: Number.NaN }],
    ['headersTimeoutMs', { headersTimeoutMs: 2000, requestTimeoutMs: 1000 }],
  ])('names options.transport.%s when it is wrong', (name, options) => {
    expect(argumentOf(() => resolve(options as never))).toBe(`options.transport.${name}`);
  });

  it('knows loopback when it sees it', () => {
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });
});
