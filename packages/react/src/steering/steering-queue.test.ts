import { textPart, userMessage, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { checkSteeringQueue, createSteeringQueue, RunSteering } from './steering-queue.js';

describe('steering queue', () => {
  it('queues text, content parts and user messages in order, as user messages', () => {
    const queue = createSteeringQueue() as RunSteering;
    expect(queue.push('first')).toBe('queued');
    expect(queue.push([textPart('second')])).toBe('queued');
    expect(queue.push(userMessage('third'))).toBe('queued');
    expect(queue.size).toBe(3);
    expect(queue.take()).toEqual([
      { role: 'user', content: 'first' },
      { role: 'user', content: [{ type: 'text', text: 'second' }] },
      { role: 'user', content: 'third' },
    ]);
    expect(queue.size).toBe(0);
  });

  it('refuses what is not a prompt with a ValidationError naming message; nothing is queued', () => {
    const queue = createSteeringQueue() as RunSteering;
    for (const bad of ['', '   ', [], { role: 'assistant', content: 'x' }, 42, null]) {
      expect(() => queue.push(bad as never)).toThrow(
        expect.objectContaining({ argument: 'message', code: 'validation' }),
      );
    }
    expect(queue.size).toBe(0);
  });

  it('answers finished once its run ended, and drops what waited', () => {
    const queue = createSteeringQueue() as RunSteering;
    queue.attach('run-1');
    queue.push('late');
    queue.release(true);
    expect(queue.size).toBe(0);
    expect(queue.push('too late')).toBe('finished');
    expect(() => queue.push(7 as never)).toThrow(ValidationError);
  });

  it('belongs to one run: in use, ended, or another run id is refused', () => {
    const queue = createSteeringQueue() as RunSteering;
    queue.attach('run-1');
    expect(() => queue.attach('run-1')).toThrow(/in use/);
    queue.release(false);
    expect(queue.push('while it waits')).toBe('queued');
    expect(() => queue.attach('run-2')).toThrow(/belongs to run "run-1"/);
    queue.attach('run-1');
    queue.restore([userMessage('saved first')]);
    expect(queue.take().map((message) => message.content)).toEqual([
      'saved first',
      'while it waits',
    ]);
    queue.release(true);
    expect(() => queue.attach('run-1')).toThrow(/ended/);
  });

  it('the steering option takes only a queue of createSteeringQueue()', () => {
    expect(checkSteeringQueue(undefined)).toBeUndefined();
    expect(checkSteeringQueue(createSteeringQueue())).toBeInstanceOf(RunSteering);
    expect(() => checkSteeringQueue({ push: () => 'queued' })).toThrow(
      expect.objectContaining({ argument: 'steering' }),
    );
  });
});
