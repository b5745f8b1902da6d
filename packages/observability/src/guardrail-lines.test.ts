import { describe, expect, it } from 'vitest';
import { lineSink, manualClock } from '../test/support/test-scenario.js';
import { createLogObserver } from './index.js';

const clock = manualClock(Date.UTC(2026, 11, 7, 12, 0, 0));

describe('guardrail and authorization lines', () => {
  it('a tripped guardrail is a warn line with its name, kind, action and reason, whatever the verbosity', () => {
    const sink = lineSink();
    const observer = createLogObserver({ format: 'json', clock, env: {}, output: sink });
    observer.startSpan('invoke_agent helper').addEvent('aigo.guardrail.tripped', {
      'aigo.run.id': 'run-1',
      'aigo.react.iteration': 1,
      'aigo.guardrail.name': 'pii',
      'aigo.guardrail.kind': 'input',
      'aigo.guardrail.action': 'stop',
      'aigo.guardrail.reason': 'a social security number',
    });
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: 'WARN',
      msg: 'Guardrail tripped',
      event: 'aigo.guardrail.tripped',
      'aigo.guardrail.name': 'pii',
      'aigo.guardrail.kind': 'input',
      'aigo.guardrail.action': 'stop',
      'aigo.guardrail.reason': 'a social security number',
    });
  });

  it('a denied tool call is an info line with the tool and the reason', () => {
    const sink = lineSink();
    const observer = createLogObserver({ format: 'json', clock, env: {}, output: sink });
    observer.startSpan('invoke_agent helper').addEvent('aigo.tool.denied', {
      'aigo.react.iteration': 2,
      'gen_ai.tool.name': 'send_money',
      'aigo.tool.denied.reason': 'only finance may send money',
    });
    const records = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records[0]).toMatchObject({
      level: 'INFO',
      msg: 'Tool call denied',
      'gen_ai.tool.name': 'send_money',
      'aigo.tool.denied.reason': 'only finance may send money',
    });
  });
});
