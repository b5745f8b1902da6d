import { AbortError, type AgentEvent, AigoError, type Prompt, type SteerResult } from '@aigo/ai';
import type { EventSink } from './loop/agent-settings.js';
import type { ReActOverview } from './react-result.js';
import { promptAsMessage } from './steering/steering-message.js';
import { checkSteeringQueue, RunSteering, type SteeringQueue } from './steering/steering-queue.js';

/**
 * Starts the run behind a stream: events go to `sink`; `signal` aborts it; `steering` is the queue
 * `stream.steer` pushes to (the run's `steering` option, or the stream's own).
 */
export type StreamRun<T> = (
  sink: EventSink,
  signal: AbortSignal,
  steering: SteeringQueue,
) => Promise<ReActOverview<T>>;

/** Events queued before the run waits for the consumer. */
const HIGH_WATER_MARK = 64;
const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/**
 * A streamed ReAct run: an `AsyncIterable<AgentEvent<T>>` (`@aigo/ai`'s `AgentEvent<T>`) plus
 * `collect()` and `steer(message)`: an `AgentStream<T>`.
 *
 * - Lazy: the run starts when iteration starts (or `collect()` is called), not before.
 * - Single consumer: iterate it once, and/or call `collect()` (during or after the loop it resolves
 *   or rejects as `execute` would; without a loop it runs the stream and drops the events).
 * - The last event is `final_answer`, `interaction_requested` (the run suspended: `collect()`
 *   rejects with `AgentStoppedError`, `stopReason: 'suspended'`) or `error`; the loop then ends
 *   normally (errors are events, not exceptions), and `collect()` rejects with the event's error.
 * - Breaking out of the loop (or `cancel()`) aborts the run: the model request and the running
 *   tools are cancelled, and `collect()` rejects with `AgentStoppedError` (`aborted`).
 * - A consumer slower than the model makes the run wait once 64 events are queued (progress
 *   events of running tools are queued without waiting).
 * - `steer(message)` queues a message for the run's next model call (`steering_message` announces
 *   it); `finished` once the run ended.
 */
export class ReActStream<T> implements AsyncIterable<AgentEvent<T>> {
  readonly #run: StreamRun<T>;
  readonly #userSignal: AbortSignal | undefined;
  #steering: RunSteering | undefined;
  readonly #controller = new AbortController();
  #outcome: Promise<ReActOverview<T>> | undefined;
  #consumer: 'none' | 'iterator' | 'collect' = 'none';
  #detached = false;
  #finished = false;
  readonly #queue: AgentEvent<T>[] = [];
  #head = 0;
  #waiter: ((result: IteratorResult<AgentEvent<T>>) => void) | undefined;
  #drain: (() => void) | undefined;

  /** Made by `agent.executeStream()`. */
  constructor(run: StreamRun<T>, signal?: AbortSignal, steering?: SteeringQueue) {
    this.#run = run;
    this.#userSignal = signal;
    this.#steering = checkSteeringQueue(steering);
  }

  /**
   * Queues a message — text, content parts or a user message — for the run: it joins the
   * conversation at the next model call, after every tool result of the current step (never inside
   * a tool-call group), announced by a `steering_message` event just before that iteration's
   * `iteration_start`; several join in order. Before the stream is read, it joins the first model
   * call, after the prompt. `finished` when the run already ended: the message is neither used nor
   * kept.
   *
   * @throws ValidationError (argument `message`) when the message is not a prompt; nothing is queued.
   */
  steer(message: Prompt): SteerResult {
    if (this.#finished) {
      promptAsMessage(message, 'message');
      return 'finished';
    }
    this.#steering ??= new RunSteering();
    return this.#steering.push(message);
  }

  /**
   * Resolves to the run's `ReActOverview<T>` once it ends with a final answer, or rejects as
   * `execute` does. Starts the run if nothing iterates it.
   */
  collect(): Promise<ReActOverview<T>> {
    if (this.#outcome === undefined) this.#start('collect');
    return this.#outcome as Promise<ReActOverview<T>>;
  }

  /** Stops the run (the model request and running tools are cancelled). */
  cancel(reason?: unknown): void {
    if (this.#finished || this.#controller.signal.aborted) return;
    this.#controller.abort(
      AigoError.isInstance(reason)
        ? reason
        : new AbortError('The agent stream was cancelled', { cause: reason }),
    );
  }

  [Symbol.asyncIterator](): AsyncIterator<AgentEvent<T>> {
    if (this.#consumer !== 'none') {
      throw new AigoError(
        'unsupported',
        'A ReActStream has a single consumer: iterate it once (collect() may follow the loop)',
      );
    }
    this.#start('iterator');
    return {
      next: () => this.#next(),
      return: () => {
        // `break` out of for-await: stop the run now.
        this.#detached = true;
        this.#queue.length = 0;
        this.#head = 0;
        if (!this.#finished && !this.#controller.signal.aborted) {
          this.#controller.abort(new AbortError('The agent stream consumer stopped reading'));
        }
        this.#release();
        return Promise.resolve(DONE);
      },
    };
  }

  #start(consumer: 'iterator' | 'collect'): void {
    this.#consumer = consumer;
    const controller = this.#controller;
    // The caller's signal aborts the run through ours (one signal for every call of the run).
    const user = this.#userSignal;
    const onAbort = () => {
      if (!controller.signal.aborted) controller.abort(user?.reason);
    };
    if (user !== undefined) {
      if (user.aborted) onAbort();
      else user.addEventListener('abort', onAbort, { once: true });
    }
    const sink: EventSink = {
      emit: (event) => this.#emit(event as AgentEvent<T>),
      post: (event) => {
        this.#post(event as AgentEvent<T>);
      },
    };
    this.#steering ??= new RunSteering();
    const steering = this.#steering;
    let outcome: Promise<ReActOverview<T>>;
    try {
      outcome = this.#run(sink, controller.signal, steering);
    } catch (error) {
      outcome = Promise.reject(error);
    }
    this.#outcome = outcome;
    // Also marks the outcome as handled: a run nobody collects never becomes an unhandled rejection.
    const finish = () => {
      this.#finished = true;
      user?.removeEventListener('abort', onAbort);
      const waiter = this.#waiter;
      if (waiter !== undefined) {
        this.#waiter = undefined;
        waiter(DONE);
      }
    };
    outcome.then(finish, finish);
  }

  #emit(event: AgentEvent<T>): Promise<void> | undefined {
    if (!this.#post(event)) return undefined;
    if (this.#queue.length - this.#head < HIGH_WATER_MARK) return undefined;
    return new Promise<void>((resolve) => {
      this.#drain = resolve;
    });
  }

  /**
   * Hands `event` to a waiting consumer, or queues it (whatever the queue holds: the caller cannot
   * wait). True when it was queued.
   */
  #post(event: AgentEvent<T>): boolean {
    if (this.#consumer !== 'iterator' || this.#detached) return false;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter({ done: false, value: event });
      return false;
    }
    this.#queue.push(event);
    return true;
  }

  #next(): Promise<IteratorResult<AgentEvent<T>>> {
    if (this.#head < this.#queue.length) {
      const value = this.#queue[this.#head] as AgentEvent<T>;
      this.#head++;
      if (this.#head === this.#queue.length) {
        this.#queue.length = 0;
        this.#head = 0;
      }
      if (this.#queue.length - this.#head <= HIGH_WATER_MARK >> 1) this.#release();
      return Promise.resolve({ done: false, value });
    }
    if (this.#finished || this.#detached) return Promise.resolve(DONE);
    this.#release();
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }

  /** Lets a run waiting on a full queue go on. */
  #release(): void {
    const drain = this.#drain;
    if (drain !== undefined) {
      this.#drain = undefined;
      drain();
    }
  }
}
