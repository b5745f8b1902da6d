import { describe, expect, it } from 'vitest';
import { lineSink, manualClock } from '../test/support/test-scenario.js';
import { createLogObserver } from './index.js';

const clock = manualClock(Date.UTC(2026, 0, 2, 3, 4, 5));

describe('a partial answer', () => {
  it('is one `Answer streaming` debug line per model call, nothing at the default level', () => {
    const quiet = lineSink();
    createLogObserver({ format: 'json', clock, env: {}, output: quiet })
      .startSpan('invoke_agent typed')
      .addEvent('aigo.answer.partial', { 'aigo.react.iteration': 2 });
    expect(quiet.lines).toEqual([]);

    const sink = lineSink();
    const span = createLogObserver({
      format: 'json',
      level: 'debug',
      clock,
      env: {},
      output: sink,
    }).startSpan('invoke_agent typed');
    span.addEvent('aigo.answer.partial', { 'aigo.react.iteration': 2 });
    span.setAttributes({ 'aigo.react.partial_answers': 7 });
    span.end();
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => [record.level, record.msg ?? record.message])).toEqual([
      ['DEBUG', 'Span started'],
      ['DEBUG', 'Answer streaming'],
      ['DEBUG', 'Span ended'],
    ]);
    expect(records[1]).toMatchObject({
      event: 'aigo.answer.partial',
      'aigo.react.iteration': 2,
    });
    expect(records[2]).toMatchObject({ 'aigo.react.partial_answers': 7 });
  });
});
