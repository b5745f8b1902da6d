import type { Observer } from '@aigo/ai';

/** A clock the test moves by hand. */
export interface ManualClock {
  (): number;
  advance(ms: number): void;
}

/** A clock that stands still at `start` until advanced. */
export function manualClock(start: number): ManualClock {
  let now = start;
  const clock = (() => now) as ManualClock;
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

/** Collects written lines. */
export function lineSink(): { lines: string[]; write(text: string): void } {
  const lines: string[] = [];
  return {
    lines,
    write(text: string) {
      lines.push(text);
    },
  };
}

/**
 * An agent run told through the observer: an agent span, a chat span under it with a first-chunk
 * event and usage, the token histogram and a counter, a failing tool span, an info log.
 */
export function tellAgentRun(observer: Observer, clock: ManualClock): void {
  const agent = observer.startSpan('invoke_agent', {
    attributes: { 'gen_ai.operation.name': 'invoke_agent' },
  });
  clock.advance(1);
  const chat = observer.startSpan('chat test-model', {
    kind: 'client',
    parent: agent,
    attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'test-model' },
  });
  clock.advance(250);
  chat.addEvent('gen_ai.first_chunk');
  clock.advance(1000);
  chat.setAttributes({
    'gen_ai.response.finish_reasons': ['tool_calls'],
    'gen_ai.usage.input_tokens': 12,
    'gen_ai.usage.output_tokens': 5,
  });
  chat.setStatus('ok');
  chat.end();
  observer
    .histogram('gen_ai.client.token.usage', { unit: '{token}' })
    .record(12, { 'gen_ai.token.type': 'input' });
  const requests = observer.counter('aigo.client.request.count');
  requests.add(1);
  requests.add(2, { model: 'test-model' });
  const tool = observer.startSpan('execute_tool calculator', {
    parent: agent,
    attributes: { 'gen_ai.tool.name': 'calculator', 'gen_ai.tool.call.id': 'call_1' },
  });
  clock.advance(0.5);
  tool.recordError(new Error('division by zero'));
  tool.setStatus('error', 'division by zero');
  tool.end();
  observer.info('Run finished', { answer: 'It is 4.' });
  observer.debug('Thinking done');
  clock.advance(10);
  agent.end();
}
