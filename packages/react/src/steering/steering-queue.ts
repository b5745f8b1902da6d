import { type Message, type Prompt, type SteerResult, ValidationError } from '@aigo/ai';
import { promptAsMessage } from './steering-message.js';

/**
 * Where messages for a running ReAct run wait for its next model call: pass it as the run option
 * `steering` (of `execute`, `executeStream`, `resume`, `step`) and push from anywhere — a request
 * handler, a queue consumer, a timer. One queue belongs to one run (across its steps and
 * suspensions); once that run ends with a final answer or a stop, `push` answers `finished`.
 */
export interface SteeringQueue {
  /**
   * Queues a message (text, content parts or a user message): it joins the conversation at the
   * run's next model call, after every tool result of the current step; several messages join in
   * the order they were pushed. `finished` when the run already ended: the message is neither used
   * nor kept. Before the run starts, or while it waits (suspended, between steps), it is queued.
   *
   * @throws ValidationError (argument `message`) when the message is not a prompt; nothing is queued.
   */
  push(message: Prompt): SteerResult;
}

/**
 * A steering queue, and what the run does with it: attach it when the run starts (one run at a time),
 * take what waits at each model call, release it when the run stops or waits, finish it when the run
 * ends. Made by `createSteeringQueue()`, by a stream for its run, or by a run whose tools steer.
 */
export class RunSteering implements SteeringQueue {
  #messages: Message[] | undefined;
  #status: 'open' | 'running' | 'finished' = 'open';
  #runId: string | undefined;

  push(message: Prompt): SteerResult {
    const checked = promptAsMessage(message, 'message');
    if (this.#status === 'finished') return 'finished';
    this.#messages ??= [];
    this.#messages.push(checked);
    return 'queued';
  }

  /** How many messages wait. */
  get size(): number {
    return this.#messages?.length ?? 0;
  }

  /** True once the run it belonged to ended. */
  get finished(): boolean {
    return this.#status === 'finished';
  }

  /** Every waiting message, in order; the queue is then empty. */
  take(): Message[] {
    const messages = this.#messages ?? [];
    this.#messages = undefined;
    return messages;
  }

  /** Puts messages saved with the run (a suspension, a run state) before those pushed since. */
  restore(messages: readonly Message[]): void {
    if (messages.length === 0) return;
    this.#messages = [...messages, ...(this.#messages ?? [])];
  }

  /**
   * Binds the queue to a run that starts (or goes on) now.
   *
   * @throws ValidationError (argument `steering`) when another run uses it, or its run ended.
   */
  attach(runId: string): void {
    if (this.#status === 'running') {
      throw new ValidationError(
        'steering',
        'is in use by a run that is going on: one queue per run',
      );
    }
    if (this.#status === 'finished') {
      throw new ValidationError('steering', 'belongs to a run that ended: create a new queue');
    }
    if (this.#runId !== undefined && this.#runId !== runId) {
      throw new ValidationError(
        'steering',
        `belongs to run ${JSON.stringify(this.#runId)}, not ${JSON.stringify(runId)}`,
      );
    }
    this.#runId = runId;
    this.#status = 'running';
  }

  /**
   * The run stopped using the queue: it waits (`ended` false: suspended, between steps — pushes are
   * kept for when it goes on) or it ended (`true`: pushes answer `finished`, waiting messages drop).
   */
  release(ended: boolean): void {
    if (ended) {
      this.#status = 'finished';
      this.#messages = undefined;
    } else if (this.#status === 'running') {
      this.#status = 'open';
    }
  }
}

/**
 * A queue of messages to steer a ReAct run with from outside it: pass it as the run option
 * `steering`, then `push` a message whenever the user (or anything) has something to add. Messages
 * join the conversation at the run's next model call.
 *
 * @example
 * const steering = createSteeringQueue();
 * const run = agent.execute('Plan my trip to Lisbon', { steering });
 * steering.push('Actually, make it Porto.'); // 'queued': the next model call reads it
 * await run;
 * steering.push('Too late?'); // 'finished'
 */
export function createSteeringQueue(): SteeringQueue {
  return new RunSteering();
}

/**
 * The queue behind a run's `steering` option.
 *
 * @throws ValidationError (argument `steering`) for anything but a queue of `createSteeringQueue()`.
 */
export function checkSteeringQueue(value: unknown): RunSteering | undefined {
  if (value === undefined) return undefined;
  if (!(value instanceof RunSteering)) {
    throw new ValidationError('steering', 'must be a SteeringQueue made by createSteeringQueue()');
  }
  return value;
}
