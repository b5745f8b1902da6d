import { describe, expect, it } from 'vitest';
import { lineSink, manualClock } from '../test/support/test-scenario.js';
import { createLogObserver } from './index.js';

const clock = manualClock(Date.UTC(2026, 0, 2, 3, 4, 5));

describe('interaction events', () => {
  it('are info lines at the default level, with the redacted arguments as the span event has them', () => {
    const sink = lineSink();
    const observer = createLogObserver({ format: 'json', clock, env: {}, output: sink });
    const span = observer.startSpan('invoke_agent payer');
    span.addEvent('aigo.interaction.requested', {
      'aigo.run.id': 'run-1',
      'aigo.interaction.request_ids': ['call_1'],
      'aigo.interaction.tools': ['send_money'],
      'aigo.interaction.arguments': [
        '{"to":"alice","pin":"[REDACTED]","key":"sk-proj-abcdefghijklmnopqrstuvwxyz123456"}',
      ],
    });
    span.addEvent('aigo.interaction.resumed', {
      'aigo.run.id': 'run-1',
      'aigo.interaction.approved': 1,
    });
    span.addEvent('tool.progress', { step: 1 });
    span.end();
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => [record.level, record.msg ?? record.message])).toEqual([
      ['INFO', 'Interaction requested'],
      ['INFO', 'Interaction resumed'],
    ]);
    expect(records[0]).toMatchObject({ span: 'invoke_agent payer', 'aigo.run.id': 'run-1' });
    expect(sink.lines.join('')).toContain('[REDACTED]');
    expect(sink.lines.join('')).not.toContain('sk-proj-abcdefghijklmnopqrstuvwxyz123456');
  });

  it('are written once, at info, by a verbose observer too', () => {
    const sink = lineSink();
    const observer = createLogObserver({
      format: 'json',
      level: 'debug',
      clock,
      env: {},
      output: sink,
    });
    observer
      .startSpan('invoke_agent payer')
      .addEvent('aigo.interaction.resumed', { 'aigo.run.id': 'r' });
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const interaction = records.filter((record) =>
      JSON.stringify(record).includes('aigo.interaction'),
    );
    expect(interaction).toHaveLength(1);
    expect(interaction[0]?.level).toBe('INFO');
  });

  it('a steered message is an info line with its run and iteration, never its text', () => {
    const sink = lineSink();
    const observer = createLogObserver({ format: 'json', clock, env: {}, output: sink });
    observer.startSpan('invoke_agent planner').addEvent('aigo.steering', {
      'aigo.run.id': 'run-7',
      'aigo.react.iteration': 3,
      'aigo.steering.text': 'Actually, make it Porto.',
    });
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: 'INFO',
      msg: 'Steering message',
      event: 'aigo.steering',
      'aigo.run.id': 'run-7',
      'aigo.react.iteration': 3,
    });
    expect(sink.lines.join('')).not.toContain('Porto');
  });
});
