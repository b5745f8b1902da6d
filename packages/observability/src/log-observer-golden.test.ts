import { describe, expect, it } from 'vitest';
import { lineSink, manualClock, tellAgentRun } from '../test/support/test-scenario.js';
import { createLogObserver } from './index.js';
import type { LogFormat } from './log-observer-options.js';

/** 2026-01-02 03:04:05 in local time: compact and pretty write local time. */
const LOCAL_START = new Date(2026, 0, 2, 3, 4, 5).getTime();
/** 2026-01-02T03:04:05Z: json writes UTC. */
const UTC_START = Date.UTC(2026, 0, 2, 3, 4, 5);

function run(format: LogFormat, level: 'debug' | 'info', start: number): string {
  const clock = manualClock(start);
  const sink = lineSink();
  const observer = createLogObserver({ format, level, output: sink, clock, env: {} });
  tellAgentRun(observer, clock);
  for (const line of sink.lines) expect(line.endsWith('\n')).toBe(true);
  return sink.lines.join('');
}

describe('golden output', () => {
  it('compact', () => {
    expect(run('compact', 'debug', LOCAL_START)).toBe(
      [
        '2026-01-02 03:04:05 DEBUG Span started → {"span":"invoke_agent","span_id":1,"event":"span.start","gen_ai.operation.name":"invoke_agent"}',
        '2026-01-02 03:04:05 DEBUG Span started → {"span":"chat test-model","span_id":2,"parent":"invoke_agent","parent_id":1,"kind":"client","event":"span.start","gen_ai.operation.name":"chat","gen_ai.request.model":"test-model"}',
        '2026-01-02 03:04:05 DEBUG Span event → {"span":"chat test-model","span_id":2,"parent":"invoke_agent","parent_id":1,"event":"gen_ai.first_chunk"}',
        '2026-01-02 03:04:06 DEBUG Span ended → {"span":"chat test-model","span_id":2,"parent":"invoke_agent","parent_id":1,"event":"span.end","duration_ms":1250,"gen_ai.operation.name":"chat","gen_ai.request.model":"test-model","gen_ai.response.finish_reasons":["tool_calls"],"gen_ai.usage.input_tokens":12,"gen_ai.usage.output_tokens":5,"status":"ok"}',
        '2026-01-02 03:04:06 DEBUG Histogram → {"metric":"gen_ai.client.token.usage","type":"histogram","value":12,"unit":"{token}","gen_ai.token.type":"input"}',
        '2026-01-02 03:04:06 DEBUG Counter → {"metric":"aigo.client.request.count","type":"counter","value":1,"delta":1}',
        '2026-01-02 03:04:06 DEBUG Counter → {"metric":"aigo.client.request.count","type":"counter","value":3,"delta":2,"model":"test-model"}',
        '2026-01-02 03:04:06 DEBUG Span started → {"span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"span.start","gen_ai.tool.name":"calculator","gen_ai.tool.call.id":"call_1"}',
        '2026-01-02 03:04:06 ERROR Span error → {"span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"error","error":"division by zero","error.type":"Error"}',
        '2026-01-02 03:04:06 DEBUG Span ended → {"span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"span.end","duration_ms":0.5,"gen_ai.tool.name":"calculator","gen_ai.tool.call.id":"call_1","error":"division by zero","error.type":"Error","status":"error","status_description":"division by zero"}',
        '2026-01-02 03:04:06  INFO Run finished → {"answer":"It is 4."}',
        '2026-01-02 03:04:06 DEBUG Thinking done',
        '2026-01-02 03:04:06 DEBUG Span ended → {"span":"invoke_agent","span_id":1,"event":"span.end","duration_ms":1261.5,"gen_ai.operation.name":"invoke_agent"}',
        '',
      ].join('\n'),
    );
  });

  it('compact at info: only the span error and the info line', () => {
    expect(run('compact', 'info', LOCAL_START)).toBe(
      [
        '2026-01-02 03:04:06 ERROR Span error → {"span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"error","error":"division by zero","error.type":"Error"}',
        '2026-01-02 03:04:06  INFO Run finished → {"answer":"It is 4."}',
        '',
      ].join('\n'),
    );
  });

  it('pretty', () => {
    const I = ' '.repeat(19);
    expect(run('pretty', 'debug', LOCAL_START)).toBe(
      [
        '2026-01-02 03:04:05 🔵 DEBUG  Span started',
        `${I}├─ span: invoke_agent`,
        `${I}├─ span_id: 1`,
        `${I}├─ event: span.start`,
        `${I}└─ gen_ai.operation.name: invoke_agent`,
        '2026-01-02 03:04:05 🔵 DEBUG  Span started',
        `${I}├─ span: chat test-model`,
        `${I}├─ span_id: 2`,
        `${I}├─ parent: invoke_agent`,
        `${I}├─ parent_id: 1`,
        `${I}├─ kind: client`,
        `${I}├─ event: span.start`,
        `${I}├─ gen_ai.operation.name: chat`,
        `${I}└─ gen_ai.request.model: test-model`,
        '2026-01-02 03:04:05 🔵 DEBUG  Span event',
        `${I}├─ span: chat test-model`,
        `${I}├─ span_id: 2`,
        `${I}├─ parent: invoke_agent`,
        `${I}├─ parent_id: 1`,
        `${I}└─ event: gen_ai.first_chunk`,
        '2026-01-02 03:04:06 🔵 DEBUG  Span ended',
        `${I}├─ span: chat test-model`,
        `${I}├─ span_id: 2`,
        `${I}├─ parent: invoke_agent`,
        `${I}├─ parent_id: 1`,
        `${I}├─ event: span.end`,
        `${I}├─ duration_ms: 1250`,
        `${I}├─ gen_ai.operation.name: chat`,
        `${I}├─ gen_ai.request.model: test-model`,
        `${I}├─ gen_ai.response.finish_reasons: ["tool_calls"]`,
        `${I}├─ gen_ai.usage.input_tokens: 12`,
        `${I}├─ gen_ai.usage.output_tokens: 5`,
        `${I}└─ status: ok`,
        '2026-01-02 03:04:06 🔵 DEBUG  Histogram',
        `${I}├─ metric: gen_ai.client.token.usage`,
        `${I}├─ type: histogram`,
        `${I}├─ value: 12`,
        `${I}├─ unit: {token}`,
        `${I}└─ gen_ai.token.type: input`,
        '2026-01-02 03:04:06 🔵 DEBUG  Counter',
        `${I}├─ metric: aigo.client.request.count`,
        `${I}├─ type: counter`,
        `${I}├─ value: 1`,
        `${I}└─ delta: 1`,
        '2026-01-02 03:04:06 🔵 DEBUG  Counter',
        `${I}├─ metric: aigo.client.request.count`,
        `${I}├─ type: counter`,
        `${I}├─ value: 3`,
        `${I}├─ delta: 2`,
        `${I}└─ model: test-model`,
        '2026-01-02 03:04:06 🔵 DEBUG  Span started',
        `${I}├─ span: execute_tool calculator`,
        `${I}├─ span_id: 3`,
        `${I}├─ parent: invoke_agent`,
        `${I}├─ parent_id: 1`,
        `${I}├─ event: span.start`,
        `${I}├─ gen_ai.tool.name: calculator`,
        `${I}└─ gen_ai.tool.call.id: call_1`,
        '2026-01-02 03:04:06 🔴 ERROR  Span error',
        `${I}├─ span: execute_tool calculator`,
        `${I}├─ span_id: 3`,
        `${I}├─ parent: invoke_agent`,
        `${I}├─ parent_id: 1`,
        `${I}├─ event: error`,
        `${I}├─ error: division by zero`,
        `${I}└─ error.type: Error`,
        '2026-01-02 03:04:06 🔵 DEBUG  Span ended',
        `${I}├─ span: execute_tool calculator`,
        `${I}├─ span_id: 3`,
        `${I}├─ parent: invoke_agent`,
        `${I}├─ parent_id: 1`,
        `${I}├─ event: span.end`,
        `${I}├─ duration_ms: 0.5`,
        `${I}├─ gen_ai.tool.name: calculator`,
        `${I}├─ gen_ai.tool.call.id: call_1`,
        `${I}├─ error: division by zero`,
        `${I}├─ error.type: Error`,
        `${I}├─ status: error`,
        `${I}└─ status_description: division by zero`,
        '2026-01-02 03:04:06 🟢 INFO   Run finished',
        `${I}└─ answer: It is 4.`,
        '2026-01-02 03:04:06 🔵 DEBUG  Thinking done',
        '2026-01-02 03:04:06 🔵 DEBUG  Span ended',
        `${I}├─ span: invoke_agent`,
        `${I}├─ span_id: 1`,
        `${I}├─ event: span.end`,
        `${I}├─ duration_ms: 1261.5`,
        `${I}└─ gen_ai.operation.name: invoke_agent`,
        '',
      ].join('\n'),
    );
  });

  it('json', () => {
    const lines = run('json', 'debug', UTC_START).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toEqual([
      '{"time":"2026-01-02T03:04:05.000Z","level":"DEBUG","msg":"Span started","span":"invoke_agent","span_id":1,"event":"span.start","gen_ai.operation.name":"invoke_agent"}',
      '{"time":"2026-01-02T03:04:05.001Z","level":"DEBUG","msg":"Span started","span":"chat test-model","span_id":2,"parent":"invoke_agent","parent_id":1,"kind":"client","event":"span.start","gen_ai.operation.name":"chat","gen_ai.request.model":"test-model"}',
      '{"time":"2026-01-02T03:04:05.251Z","level":"DEBUG","msg":"Span event","span":"chat test-model","span_id":2,"parent":"invoke_agent","parent_id":1,"event":"gen_ai.first_chunk"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Span ended","span":"chat test-model","span_id":2,"parent":"invoke_agent","parent_id":1,"event":"span.end","duration_ms":1250,"gen_ai.operation.name":"chat","gen_ai.request.model":"test-model","gen_ai.response.finish_reasons":["tool_calls"],"gen_ai.usage.input_tokens":12,"gen_ai.usage.output_tokens":5,"status":"ok"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Histogram","metric":"gen_ai.client.token.usage","type":"histogram","value":12,"unit":"{token}","gen_ai.token.type":"input"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Counter","metric":"aigo.client.request.count","type":"counter","value":1,"delta":1}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Counter","metric":"aigo.client.request.count","type":"counter","value":3,"delta":2,"model":"test-model"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Span started","span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"span.start","gen_ai.tool.name":"calculator","gen_ai.tool.call.id":"call_1"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"ERROR","msg":"Span error","span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"error","error":"division by zero","error.type":"Error"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Span ended","span":"execute_tool calculator","span_id":3,"parent":"invoke_agent","parent_id":1,"event":"span.end","duration_ms":0.5,"gen_ai.tool.name":"calculator","gen_ai.tool.call.id":"call_1","error":"division by zero","error.type":"Error","status":"error","status_description":"division by zero"}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"INFO","msg":"Run finished","answer":"It is 4."}',
      '{"time":"2026-01-02T03:04:06.251Z","level":"DEBUG","msg":"Thinking done"}',
      '{"time":"2026-01-02T03:04:06.261Z","level":"DEBUG","msg":"Span ended","span":"invoke_agent","span_id":1,"event":"span.end","duration_ms":1261.5,"gen_ai.operation.name":"invoke_agent"}',
    ]);
    // Every line is a JSON object on its own.
    for (const line of lines) expect(typeof JSON.parse(line)).toBe('object');
  });

  it('colours the level in compact and pretty when asked, never in json', () => {
    const clock = manualClock(LOCAL_START);
    const lines = (format: LogFormat) => {
      const sink = lineSink();
      createLogObserver({ format, output: sink, clock, colors: true, env: {} }).warn('Careful');
      return sink.lines.join('');
    };
    expect(lines('compact')).toBe('2026-01-02 03:04:05 \u001b[33m WARN\u001b[0m Careful\n');
    expect(lines('pretty')).toBe('2026-01-02 03:04:05 🟡 \u001b[33mWARN   \u001b[0mCareful\n');
    expect(lines('json')).toBe(
      `{"time":"${new Date(LOCAL_START).toISOString()}","level":"WARN","msg":"Careful"}\n`,
    );
  });
});
