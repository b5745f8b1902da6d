import { combineObservers } from '@aigo/ai';
import { createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { RunRecorder, type RunRecorderOptions } from './run-recorder.js';
import { describeRun } from './run-summary.js';

function recorder(overrides: Partial<RunRecorderOptions> = {}): RunRecorder {
  let clock = 1_000;
  return new RunRecorder({
    maxRuns: 10,
    maxSpansPerRun: 100,
    maxEventsPerSpan: 10,
    captureContent: false,
    now: () => (clock += 10),
    ...overrides,
  });
}

const settings = { captureContent: false, canResume: false };

describe('RunRecorder: observer → run model', () => {
  it('starts a run at a span without a parent and nests its descendants', () => {
    const observer = recorder();
    const agent = observer.startSpan('invoke_agent helper', {
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'helper' },
    });
    const chat = observer.startSpan('chat m', {
      parent: agent,
      attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'm' },
    });
    chat.setAttributes({ 'gen_ai.usage.input_tokens': 10, 'gen_ai.usage.output_tokens': 4 });
    chat.end();
    const tool = observer.startSpan('execute_tool add', {
      parent: agent,
      attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'add' },
    });
    tool.setStatus('error', 'bad input');
    tool.end();
    const [run] = observer.runs();
    expect(observer.runs()).toHaveLength(1);
    const detail = describeRun(run as never, 2_000, settings);
    expect(detail.run).toMatchObject({
      kind: 'agent',
      name: 'helper',
      status: 'running',
      modelCalls: 1,
      tokens: { input: 10, output: 4, cached: 0, reasoning: 0 },
    });
    expect(detail.spans.map((span) => [span.name, span.kind, span.status])).toEqual([
      ['invoke_agent helper', 'agent', 'running'],
      ['chat m', 'model', 'ok'],
      ['execute_tool add', 'tool', 'error'],
    ]);
    expect(detail.spans[1]?.parentId).toBe(detail.spans[0]?.id);
    agent.setStatus('ok');
    agent.end();
    expect(describeRun(run as never, 2_000, settings).run.status).toBe('done');
  });

  it("tells how an agent's typed answer streamed: partial answers, calls, the first one's time", () => {
    const observer = recorder();
    const agent = observer.startSpan('invoke_agent typed', {
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'typed' },
    });
    const [run] = observer.runs();
    expect(describeRun(run as never, 2_000, settings).answer).toBeUndefined();
    agent.addEvent('aigo.answer.partial', { 'aigo.react.iteration': 1 });
    expect(describeRun(run as never, 2_000, settings).answer).toEqual({
      partialAnswers: undefined,
      streamedCalls: 1,
      firstPartialMs: 10,
    });
    agent.setAttributes({ 'aigo.react.partial_answers': 12 });
    agent.addEvent('aigo.answer.partial', { 'aigo.react.iteration': 1 });
    agent.setAttributes({ 'aigo.react.partial_answers': 20 });
    agent.end();
    expect(describeRun(run as never, 2_000, settings).answer).toEqual({
      partialAnswers: 20,
      streamedCalls: 2,
      firstPartialMs: 10,
    });
    // A graph or a bare call has none.
    const call = observer.startSpan('chat m', { attributes: { 'gen_ai.operation.name': 'chat' } });
    call.addEvent('aigo.answer.partial');
    const callRun = observer.runs().find((candidate) => candidate.kind === 'call');
    expect(describeRun(callRun as never, 2_000, settings).answer).toBeUndefined();
  });

  it('classifies graph runs and bare calls, and a failed root as failed', () => {
    const observer = recorder();
    const graph = observer.startSpan('graph.execute', {
      attributes: {
        'graph.node.ids': ['a', 'b'],
        'graph.edges': ['a->b'],
        'graph.output_node': 'b',
      },
    });
    graph.addEvent('graph.node.started', { 'graph.node.id': 'a' });
    graph.addEvent('graph.node.settled', {
      'graph.node.id': 'a',
      'graph.node.status': 'completed',
    });
    graph.addEvent('graph.edge.settled', { 'graph.edge.index': 0, 'graph.edge.active': false });
    graph.addEvent('graph.node.settled', { 'graph.node.id': 'b', 'graph.node.status': 'skipped' });
    graph.setStatus('error', 'broke');
    graph.end();
    const call = observer.startSpan('chat m', { attributes: { 'gen_ai.operation.name': 'chat' } });
    call.end();
    const [graphRun, callRun] = observer.runs().map((run) => describeRun(run, 5_000, settings));
    expect(graphRun?.run).toMatchObject({ kind: 'graph', status: 'failed', name: 'graph → b' });
    expect(graphRun?.graph).toEqual({
      nodes: [
        { id: 'a', status: 'done' },
        { id: 'b', status: 'skipped' },
      ],
      edges: [{ from: 'a', to: 'b', active: false }],
      output: 'b',
    });
    expect(callRun?.run).toMatchObject({ kind: 'call', status: 'done' });
  });

  it('keeps content only with captureContent, and redacts secrets always', () => {
    const attributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': '[{"role":"user","content":"hi"}]',
      'error.note': 'used Bearer sk-abcdefghijklmnopqrstuvwxyz123456',
    };
    const off = recorder();
    off.startSpan('chat m', { attributes }).end();
    const on = recorder({ captureContent: true });
    on.startSpan('chat m', { attributes }).end();
    const kept = (observer: RunRecorder) =>
      describeRun(observer.runs()[0] as never, 0, settings).spans[0]?.attributes ?? {};
    expect(kept(off)['gen_ai.input.messages']).toBeUndefined();
    expect(kept(on)['gen_ai.input.messages']).toBe('[{"role":"user","content":"hi"}]');
    expect(String(kept(off)['error.note'])).not.toContain('sk-abcdefghijklmnop');
  });

  it('drops content even when a combined observer asks for it', () => {
    const devtools = recorder();
    const combined = combineObservers(devtools, createRecordingObserver({ captureContent: true }));
    expect(combined.captureContent).toBe(true);
    combined
      .startSpan('chat m', {
        attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': 'secret answer' },
      })
      .end();
    const span = describeRun(devtools.runs()[0] as never, 0, settings).spans[0];
    expect(span?.attributes['gen_ai.output.messages']).toBeUndefined();
  });

  it('keeps a steering event of an agent run, its text only with captureContent', () => {
    const event = {
      'aigo.run.id': 'run-1',
      'aigo.react.iteration': 2,
      'aigo.steering.text': 'Make it Porto.',
    };
    const steered = (observer: RunRecorder) => {
      const span = observer.startSpan('invoke_agent react', {
        attributes: { 'gen_ai.operation.name': 'invoke_agent' },
      });
      span.addEvent('aigo.steering', event);
      span.end();
      return describeRun(observer.runs()[0] as never, 0, settings).spans[0]?.events[0];
    };
    expect(steered(recorder())).toMatchObject({
      name: 'aigo.steering',
      attributes: { 'aigo.run.id': 'run-1', 'aigo.react.iteration': 2 },
    });
    expect(steered(recorder())?.attributes).not.toHaveProperty('aigo.steering.text');
    expect(steered(recorder({ captureContent: true }))?.attributes).toEqual(event);
  });

  it('keeps the last maxRuns runs, dropping the oldest finished one first', () => {
    const observer = recorder({ maxRuns: 2 });
    const removed: string[] = [];
    observer.listen((id, gone) => {
      if (gone) removed.push(id);
    });
    const running = observer.startSpan('first');
    observer.startSpan('second').end();
    const firstIds = observer.runs().map((run) => run.id);
    observer.startSpan('third').end();
    expect(observer.runs().map((run) => run.root.name)).toEqual(['first', 'third']);
    expect(removed).toEqual([firstIds[1]]);
    running.end();
  });

  it('counts spans past the per-run limit instead of keeping them', () => {
    const observer = recorder({ maxSpansPerRun: 2 });
    const root = observer.startSpan('root');
    for (let i = 0; i < 5; i++) observer.startSpan('child', { parent: root }).end();
    const run = observer.runs()[0];
    expect(run?.spans).toHaveLength(2);
    expect(run?.droppedSpans).toBe(4);
  });

  it('never throws into the application on odd input', () => {
    const observer = recorder();
    const span = observer.startSpan('odd', { attributes: null as never });
    expect(() => span.setAttributes(undefined as never)).not.toThrow();
    expect(() => span.addEvent('e', 42 as never)).not.toThrow();
    expect(() => span.recordError(Symbol('x'))).not.toThrow();
    span.end();
    span.end();
    expect(observer.runs()[0]?.root.end).toBeDefined();
  });
});
