import { ProviderError, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { lineSink, manualClock } from '../test/support/test-scenario.js';
import { createLogObserver, type LogObserverOptions } from './index.js';

const clock = manualClock(Date.UTC(2026, 0, 2, 3, 4, 5));

function jsonLines(options: LogObserverOptions = {}) {
  const sink = lineSink();
  const observer = createLogObserver({ format: 'json', clock, env: {}, output: sink, ...options });
  const records = () => sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { observer, sink, records };
}

describe('options and the environment', () => {
  it('defaults to compact at info', () => {
    const sink = lineSink();
    const observer = createLogObserver({ output: sink, env: {} });
    expect([observer.format, observer.level]).toEqual(['compact', 'info']);
    observer.debug('hidden');
    observer.info('shown');
    expect(sink.lines).toHaveLength(1);
    expect(sink.lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}INFO shown\n$/);
  });

  it('reads AIGO_LOG_FORMAT and AIGO_LOG_LEVEL (any case, WARNING for warn) when not given', () => {
    const env = { AIGO_LOG_FORMAT: 'JSON', AIGO_LOG_LEVEL: 'Warning' };
    const observer = createLogObserver({ output: lineSink(), env });
    expect([observer.format, observer.level]).toEqual(['json', 'warn']);
    const traced = createLogObserver({ output: lineSink(), env: { AIGO_LOG_LEVEL: ' trace ' } });
    expect(traced.level).toBe('trace');
  });

  it('lets explicit options win over the environment', () => {
    const env = { AIGO_LOG_FORMAT: 'json', AIGO_LOG_LEVEL: 'error' };
    const observer = createLogObserver({
      format: 'pretty',
      level: 'debug',
      output: lineSink(),
      env,
    });
    expect([observer.format, observer.level]).toEqual(['pretty', 'debug']);
  });

  it('falls back to compact for an unknown format, silently', () => {
    const sink = lineSink();
    const observer = createLogObserver({ output: sink, env: { AIGO_LOG_FORMAT: 'xml' } });
    expect(observer.format).toBe('compact');
    expect(sink.lines).toEqual([]);
  });

  it('falls back to info for an unknown level, with a warning line', () => {
    const { observer, records } = jsonLines({ env: { AIGO_LOG_LEVEL: 'verbose' } });
    expect(observer.level).toBe('info');
    expect(records()).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        level: 'WARN',
        msg: 'AIGO_LOG_LEVEL is not a log level; using info',
        value: 'verbose',
        expected: 'trace, debug, info, warn, error',
      },
    ]);
  });

  it('reads process.env when no env is given', () => {
    const saved = process.env.AIGO_LOG_LEVEL;
    process.env.AIGO_LOG_LEVEL = 'error';
    try {
      expect(createLogObserver({ output: lineSink() }).level).toBe('error');
    } finally {
      if (saved === undefined) delete process.env.AIGO_LOG_LEVEL;
      else process.env.AIGO_LOG_LEVEL = saved;
    }
  });

  it('colours a terminal unless NO_COLOR is set; json never', () => {
    const terminal = (env: Record<string, string>, format?: 'json') => {
      const lines: string[] = [];
      const output = { isTTY: true, write: (text: string) => lines.push(text) };
      createLogObserver({ output, env, ...(format ? { format } : {}) }).error('x');
      return lines[0]?.includes('\u001b[31m');
    };
    expect(terminal({})).toBe(true);
    expect(terminal({ NO_COLOR: '1' })).toBe(false);
    expect(terminal({}, 'json')).toBe(false);
  });

  it('writes to a function output', () => {
    const lines: string[] = [];
    createLogObserver({ output: (line) => lines.push(line), env: {} }).info('hello');
    expect(lines).toHaveLength(1);
  });

  it('rejects wrong options with a ValidationError naming them', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /options/],
      [{ format: 'xml' }, /options\.format/],
      [{ level: 'verbose' }, /options\.level/],
      [{ output: {} }, /options\.output/],
      [{ output: 'stdout' }, /options\.output/],
      [{ clock: 5 }, /options\.clock/],
      [{ colors: 'yes' }, /options\.colors/],
      [{ env: 'x' }, /options\.env/],
      [{ formats: 'json' }, /options\.formats/],
    ];
    for (const [options, message] of cases) {
      expect(() => createLogObserver(options as LogObserverOptions)).toThrow(ValidationError);
      expect(() => createLogObserver(options as LogObserverOptions)).toThrow(message);
    }
  });
});

describe('spans', () => {
  it('names the parent only when it is a span of this observer', () => {
    const { observer, records } = jsonLines({ level: 'debug' });
    const other = createLogObserver({ output: lineSink(), env: {} }).startSpan('elsewhere');
    observer.startSpan('orphan', { parent: other });
    expect(records()[0]).toMatchObject({ span: 'orphan', span_id: 1 });
    expect(records()[0]).not.toHaveProperty('parent');
  });

  it('ends once', () => {
    const { observer, records } = jsonLines({ level: 'debug' });
    const span = observer.startSpan('once');
    span.end();
    span.end();
    expect(records().map((record) => record.event)).toEqual(['span.start', 'span.end']);
  });

  it('writes only errors when debug is off, still naming the parent', () => {
    const { observer, records } = jsonLines({ level: 'info' });
    const parent = observer.startSpan('invoke_agent');
    const child = observer.startSpan('chat m', { parent, attributes: { a: 1 } });
    child.setAttributes({ b: 2 });
    child.addEvent('e');
    child.setStatus('error', 'bad');
    child.recordError('plain failure');
    child.end();
    parent.end();
    expect(records()).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        level: 'ERROR',
        msg: 'Span error',
        span: 'chat m',
        span_id: 2,
        parent: 'invoke_agent',
        parent_id: 1,
        event: 'error',
        error: 'plain failure',
        'error.type': '_OTHER',
      },
    ]);
  });

  it('keeps an error.type the producer set before recording the error', () => {
    const { observer, records } = jsonLines({ level: 'debug' });
    const span = observer.startSpan('invoke_agent');
    span.setAttributes({ 'error.type': 'max_iterations' });
    span.recordError(new Error('stopped'));
    span.end();
    expect(records().map((record) => record['error.type'])).toEqual([
      undefined,
      'max_iterations',
      'max_iterations',
    ]);
  });

  it('records the aigo error code as error.type', () => {
    const { observer, records } = jsonLines({ level: 'error' });
    observer.startSpan('chat m').recordError(
      new ProviderError({
        code: 'rate_limited',
        message: 'slow down',
        provider: 'p',
        retryable: true,
      }),
    );
    expect(records()[0]).toMatchObject({ error: 'slow down', 'error.type': 'rate_limited' });
  });
});

describe('lines', () => {
  it('keep a message on one line', () => {
    const sink = lineSink();
    createLogObserver({ output: sink, clock, env: {} }).info('two\nlines', { text: 'a\nb' });
    expect(sink.lines).toHaveLength(1);
    expect(sink.lines[0]?.split('\n')).toHaveLength(2); // the text and the final newline
    expect(sink.lines[0]).toContain('two\\nlines');
  });

  it('do not let attributes overwrite time, level or msg in json', () => {
    const { observer, records } = jsonLines();
    observer.info('real', { msg: 'fake', level: 'none', time: 'never', other: 1 });
    expect(records()[0]).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'INFO',
      msg: 'real',
      'attr.msg': 'fake',
      'attr.level': 'none',
      'attr.time': 'never',
      other: 1,
    });
  });

  it('leave out undefined attributes', () => {
    const { observer, records } = jsonLines();
    observer.info('m', { kept: 0, dropped: undefined });
    expect(records()[0]).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'INFO',
      msg: 'm',
      kept: 0,
    });
  });

  it('are dropped, never thrown, when the output fails', () => {
    const output = {
      write: () => {
        throw new Error('disk full');
      },
    };
    const observer = createLogObserver({ output, level: 'trace', env: {} });
    expect(() => {
      observer.error('x');
      const span = observer.startSpan('s');
      span.recordError(new Error('y'));
      span.end();
      observer.counter('c').add(1);
      observer.histogram('h').record(1);
    }).not.toThrow();
  });

  it('count per name, ignoring attributes', () => {
    const { observer, records } = jsonLines({ level: 'debug' });
    observer.counter('requests').add(2, { model: 'a' });
    observer.counter('requests').add(3, { model: 'b' });
    observer.counter('other').add(1);
    expect(records().map((record) => [record.metric, record.value, record.delta])).toEqual([
      ['requests', 2, 2],
      ['requests', 5, 3],
      ['other', 1, 1],
    ]);
  });
});
