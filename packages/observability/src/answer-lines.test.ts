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

describe('an agent called as a tool', () => {
  it('is an `Agent called` and an `Agent returned` debug line on the tool span, with its path', () => {
    const sink = lineSink();
    const span = createLogObserver({
      format: 'json',
      level: 'debug',
      clock,
      env: {},
      output: sink,
    }).startSpan('execute_tool researcher');
    span.addEvent('aigo.agent.call', {
      'gen_ai.agent.name': 'researcher',
      'aigo.agent.path': 'writer/researcher',
      'aigo.agent.depth': 2,
    });
    span.addEvent('aigo.agent.return', {
      'gen_ai.agent.name': 'researcher',
      'aigo.agent.stop_reason': 'final_answer',
    });
    span.end();
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

    expect(records.map((record) => record.msg ?? record.message)).toEqual([
      'Span started',
      'Agent called',
      'Agent returned',
      'Span ended',
    ]);
    expect(records[1]).toMatchObject({
      'aigo.agent.path': 'writer/researcher',
      'aigo.agent.depth': 2,
    });
    expect(records[2]).toMatchObject({ 'aigo.agent.stop_reason': 'final_answer' });
  });
});
