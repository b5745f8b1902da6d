import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AigoError } from './aigo-error.js';
import { AgentStoppedError, ParseError, RetryExhaustedError } from './higher-layer-errors.js';
import { AbortError, TimeoutError } from './interruption-errors.js';
import { ProviderError } from './provider-error.js';
import { ValidationError } from './validation-error.js';

describe('error classes', () => {
  it('carry a code, a name and a cause', () => {
    const cause = new Error('low level');
    const error = new ProviderError({
      code: 'rate_limited',
      message: 'Too many requests',
      provider: 'openai',
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
      cause,
    });
    expect(error).toBeInstanceOf(AigoError);
    expect(error.name).toBe('ProviderError');
    expect(error.code).toBe('rate_limited');
    expect(error.cause).toBe(cause);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(AigoError.isInstance(error)).toBe(true);
    expect(TimeoutError.isInstance(error)).toBe(false);
    expect(AigoError.isInstance(new Error('plain'))).toBe(false);
    expect(AigoError.isInstance(null)).toBe(false);
  });

  it('serialise to secret-free JSON without the cause chain', () => {
    const error = new ProviderError({
      code: 'invalid_api_key',
      message: 'Incorrect API key provided',
      provider: 'openai',
      status: 401,
      retryable: false,
      cause: new Error('inner'),
    });
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toMatchObject({
      name: 'ProviderError',
      code: 'invalid_api_key',
      status: 401,
      provider: 'openai',
      retryable: false,
      cause: { name: 'Error', message: 'inner' },
    });
  });

  it('ValidationError names the argument', () => {
    const error = new ValidationError('temperature', 'must be between 0 and 2');
    expect(error.message).toBe('Invalid temperature: must be between 0 and 2');
    expect(error.argument).toBe('temperature');
    expect(error.code).toBe('validation');
  });

  it('names an error after its marker, whatever a bundler renamed the class to', () => {
    // esbuild turns `class ProviderError` that refers to itself into `var ProviderError = class _ProviderError`.
    const Renamed = class _Renamed extends AigoError {
      static override readonly marker: symbol = Symbol.for('@aigo/ai/SomeError');
    };
    expect(new Renamed('unsupported', 'm').name).toBe('SomeError');
    class UserError extends AigoError {}
    expect(new UserError('unsupported', 'm').name).toBe('UserError');
  });

  it('AbortError.fromSignal keeps the reason as cause and a TimeoutError as itself', () => {
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    const error = AbortError.fromSignal(controller.signal);
    expect(AbortError.isInstance(error)).toBe(true);
    expect((error.cause as Error).message).toBe('stop now');

    const timeout = new TimeoutError('took too long', { timeoutMs: 5 });
    const timed = new AbortController();
    timed.abort(timeout);
    expect(AbortError.fromSignal(timed.signal)).toBe(timeout);
  });

  it('RetryExhaustedError keeps every attempt', () => {
    const errors = [new Error('a'), new Error('b')];
    const error = new RetryExhaustedError(errors);
    expect(error.errors).toEqual(errors);
    expect(error.message).toBe('All 2 attempts failed: b');
    expect(error.cause).toBe(errors[1]);
  });

  it('ParseError and AgentStoppedError carry their state; the overview stays out of JSON', () => {
    const parse = new ParseError('not JSON', {
      text: 'hello',
      issues: [{ path: '/a', message: 'x' }],
    });
    expect(parse.text).toBe('hello');
    expect(parse.issues).toHaveLength(1);
    const stopped = new AgentStoppedError('max_iterations', 'stopped', { requests: 10 });
    expect(stopped.stopReason).toBe('max_iterations');
    expect(stopped.overview).toEqual({ requests: 10 });
    expect(JSON.stringify(stopped)).not.toContain('requests');
  });
});

// Two copies of @aigo/ai in one process (a nested node_modules, a bundled tool package) must still
// recognise each other's errors.
describe('isInstance across two installed copies', () => {
  const dist = fileURLToPath(new URL('../../dist', import.meta.url));
  const root = mkdtempSync(join(tmpdir(), 'aigo-two-copies-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('recognises errors made by the other copy', () => {
    if (!existsSync(join(dist, 'index.js'))) {
      throw new Error('build @aigo/ai first (turbo runs build before test)');
    }
    for (const copy of ['copy-a', 'copy-b']) {
      const target = join(root, copy, 'node_modules', '@aigo', 'ai');
      mkdirSync(target, { recursive: true });
      cpSync(dist, join(target, 'dist'), { recursive: true });
      writeFileSync(
        join(target, 'package.json'),
        JSON.stringify({ name: '@aigo/ai', type: 'module', exports: { '.': './dist/index.js' } }),
      );
      writeFileSync(
        join(root, copy, 'make.mjs'),
        "export { ProviderError, AigoError, AbortError } from '@aigo/ai';\n",
      );
    }
    const script = `
      const a = await import(${JSON.stringify(join(root, 'copy-a', 'make.mjs'))});
      const b = await import(${JSON.stringify(join(root, 'copy-b', 'make.mjs'))});
      const error = new a.ProviderError({ code: 'rate_limited', message: 'x', provider: 'p', retryable: true });
      console.log(JSON.stringify({
        distinctClasses: a.ProviderError !== b.ProviderError,
        instanceofOther: error instanceof b.ProviderError,
        isInstanceOther: b.ProviderError.isInstance(error),
        baseIsInstanceOther: b.AigoError.isInstance(error),
        abortIsInstanceOther: b.AbortError.isInstance(error),
      }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({
      distinctClasses: true,
      instanceofOther: false,
      isInstanceOther: true,
      baseIsInstanceOther: true,
      abortIsInstanceOther: false,
    });
  });
});
