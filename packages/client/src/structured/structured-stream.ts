import {
  AbortError,
  AigoError,
  type ChatResponse,
  type ChatStream,
  type DeepPartial,
  ParseError,
  responseToEvents,
  type StreamEvent,
} from '@aigo/ai';
import { type ElementCheck, elementFailure } from './element-check.js';
import { PartialAnswer } from './partial/partial-answer-parser.js';
import type { ElementsShape, StreamShape } from './partial/stream-shape.js';
import { BufferedChannel, LatestChannel } from './stream-channels.js';
import type { StructuredResponse } from './structured-response.js';

/**
 * A structured answer as it streams. Its parts may be read in any combination, each once:
 *
 * - `partials` — the answer so far, a new value each time it changed (strings grow; numbers,
 *   booleans and `null` appear once complete; nothing shown is ever retracted). A reader slower than
 *   the model gets the newest value at each read, skipping those it missed. It ends when the answer
 *   does; a schema whose shape does not stream (a string, a union without a discriminator) gives
 *   none.
 * - `elements` — each element of the answer's array (the top-level array, or the property named by
 *   `elements`) once complete and checked against the array's item schema; an element that fails
 *   rejects the iteration with a `ParseError` naming its index, after the elements before it.
 * - `final` — what `sendMessage` resolves to for the same answer, parsed and validated the same way,
 *   once the turn is stored.
 * - `events` — the model stream's events (`content`, `usage`, `finish`…), for usage and cost.
 *
 * The stream is read as soon as it is made, whatever is read of it: every event is kept for
 * `events` until read. Breaking out of any of the loops, or `cancel()`, stops the model call
 * (`final` then rejects with `AbortError`).
 */
export interface StructuredStream<T, E = StreamElement<T>> {
  readonly partials: AsyncIterable<DeepPartial<T>>;
  readonly elements: AsyncIterable<E>;
  readonly final: Promise<StructuredResponse<T>>;
  readonly events: AsyncIterable<StreamEvent>;
  /** Stops the model call; `final` rejects with an `AbortError` (or `reason`, when an `AigoError`). */
  cancel(reason?: unknown): void;
}

/** The element type of a top-level array answer (`never` for other answers). */
export type StreamElement<T> = T extends readonly (infer E)[] ? E : never;

/** The names of `T`'s properties whose values are arrays: what `elements` may name. */
export type ArrayProperty<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[] ? K : never;
}[keyof T] &
  string;

/** What the structured stream of one call needs from its client. */
export interface StructuredStreamPlan<T> {
  /** How the answer streams; `undefined`: only `final` (and `events`). */
  readonly shape: StreamShape | undefined;
  /** Where the elements are, when the answer has some to stream. */
  readonly elements: ElementsShape | undefined;
  readonly checkElement: ElementCheck | undefined;
  /** Parses and validates the finished answer, as `sendMessage` does. */
  readonly accept: (response: ChatResponse) => Promise<StructuredResponse<T>>;
  /** Starts the model call; `beforeStore` runs on the finished answer before its turn is stored. */
  readonly start: (beforeStore: (response: ChatResponse) => Promise<void>) => Promise<ChatStream>;
}

/** Starts a structured stream: the model call, with its answer parsed as it arrives. */
export async function startStructuredStream<T, E>(
  plan: StructuredStreamPlan<T>,
): Promise<StructuredStream<T, E>> {
  const run = new StructuredStreamRun<T, E>(plan);
  // Parsing happens before the turn is stored: an answer that does not fit stores nothing, as with
  // `sendMessage`. A failure carries the last partial value.
  const chat = await plan.start(async (response) => {
    try {
      run.accepted = await plan.accept(response);
    } catch (error) {
      throw run.withLastPartial(error);
    }
  });
  run.attach(chat);
  return run;
}

/** How a promise made elsewhere is settled. */
interface Settle<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

/** One structured stream: the hooks on the model stream, and what its readers see. */
class StructuredStreamRun<T, E> implements StructuredStream<T, E> {
  readonly events: BufferedChannel<StreamEvent>;
  readonly partials: LatestChannel<DeepPartial<T>>;
  readonly elements: BufferedChannel<E>;
  readonly final: Promise<StructuredResponse<T>>;
  accepted: StructuredResponse<T> | undefined;
  readonly #settle: Settle<StructuredResponse<T>>;
  readonly #plan: StructuredStreamPlan<T>;
  readonly #answer: PartialAnswer<T>;
  #chat: ChatStream | undefined;
  /** False once the answer's text is no longer read (tool calls, the value complete). */
  #reading = true;
  #finished = false;
  /** The element checks in order: each element waits for those before it. */
  #checks: Promise<boolean> = Promise.resolve(true);
  #delivered = 0;

  constructor(plan: StructuredStreamPlan<T>) {
    this.#plan = plan;
    let settle: Settle<StructuredResponse<T>> | undefined;
    this.final = new Promise<StructuredResponse<T>>((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.#settle = settle as NonNullable<typeof settle>;
    // Handled here too: a stream whose `final` nobody reads is no unhandled rejection.
    this.final.catch(() => {});
    const stop = () =>
      this.cancel(new AbortError('The structured stream consumer stopped reading'));
    this.events = new BufferedChannel('events', stop);
    this.partials = new LatestChannel(() => this.#answer.current(), stop);
    this.elements = new BufferedChannel('elements', stop);
    const elements = plan.elements;
    // An answer without elements to stream (an object, no property named) has none.
    if (elements === undefined) this.elements.end();
    this.#answer = new PartialAnswer<T>(
      plan.shape ?? null,
      elements === undefined
        ? undefined
        : {
            at: elements.at,
            sink: {
              element: (value, index) => this.#element(value, index),
              end: () => this.#elementsEnd(),
            },
          },
    );
  }

  cancel(reason?: unknown): void {
    this.#chat?.cancel(reason);
  }

  /** A parse failure with the last partial value; a cut stream as a `ParseError` too. */
  withLastPartial(error: unknown): unknown {
    const partialOutput = this.#answer.last();
    if (ParseError.isInstance(error)) {
      if (partialOutput === undefined || error.partialOutput !== undefined) return error;
      return new ParseError(error.message, {
        text: error.text,
        issues: error.issues,
        ...(error.usage === undefined ? {} : { usage: error.usage }),
        ...(error.cause === undefined ? {} : { cause: error.cause }),
        ...(partialOutput === undefined ? {} : { partialOutput }),
      });
    }
    // The stream failed after the answer began: the answer was cut. An abort stays an abort.
    const partial = (error as { partial?: ChatResponse } | null)?.partial;
    if (
      !AigoError.isInstance(error) ||
      AbortError.isInstance(error) ||
      partial === undefined ||
      partial.content === ''
    ) {
      return error;
    }
    const usage = (error as { usage?: ChatResponse['usage'] }).usage;
    return new ParseError(`The answer was cut off before it was complete: ${error.message}`, {
      text: partial.content,
      issues: [{ path: '', message: 'the answer stream failed before the answer was complete' }],
      cause: error,
      ...(usage === undefined ? {} : { usage }),
      ...(partialOutput === undefined ? {} : { partialOutput }),
    });
  }

  /** Hooks onto the model stream (catching up on what it delivered already) and reads it. */
  attach(chat: ChatStream): void {
    this.#chat = chat;
    // A source may deliver events synchronously, before these hooks exist: they are in `partial`.
    for (const event of catchUpEvents(chat.partial)) this.#event(event);
    chat.addHooks({
      onEvent: (event) => this.#event(event),
      onFinish: (response) => {
        if (!this.#finished) {
          this.#event({
            type: 'finish',
            finishReason: response.finishReason,
            ...(response.rawFinishReason === undefined
              ? {}
              : { rawFinishReason: response.rawFinishReason }),
          });
        }
      },
      onError: (error) => {
        this.#finished = true;
        this.events.fail(error);
        this.#endAnswer();
      },
    });
    chat.collect().then(
      () => this.#settle.resolve(this.accepted as StructuredResponse<T>),
      (error: unknown) =>
        this.#settle.reject(this.accepted === undefined ? this.withLastPartial(error) : error),
    );
  }

  #event(event: StreamEvent): void {
    if (this.#finished) return;
    this.events.push(event);
    switch (event.type) {
      case 'content':
        if (this.#reading && this.#answer.push(event.text)) this.partials.offer();
        if (this.#answer.done || this.#answer.failed) this.#reading = false;
        return;
      case 'tool_call_delta':
        // A reply that calls tools is no answer to stream.
        this.#reading = false;
        return;
      case 'finish':
        this.#finished = true;
        this.events.end();
        this.#endAnswer();
        return;
      default:
        return;
    }
  }

  /** The answer's text ended (finished or failed). */
  #endAnswer(): void {
    this.#reading = false;
    this.partials.end();
    if (this.elements.closed || this.#answer.elementsDone) return;
    // The elements the text did not give (a cut answer, text the parser could not follow, a shape
    // that does not stream) come from `final`, or its error ends them.
    const checks = this.#checks;
    this.#checks = checks.then(async (ok) => {
      if (!ok) return false;
      try {
        const response = await this.final;
        const items = elementsOf(response.data, this.#plan.elements);
        for (let index = this.#delivered; index < items.length; index++) {
          this.elements.push(items[index] as E);
        }
        this.elements.end();
        return true;
      } catch (error) {
        this.elements.fail(error);
        return false;
      }
    });
  }

  #element(value: unknown, index: number): void {
    const check = this.#plan.checkElement;
    this.#checks = this.#checks.then(async (ok) => {
      if (!ok) return false;
      if (check !== undefined) {
        const issues = await check(value);
        if (issues.length > 0) {
          const text = this.#chat?.partial.content ?? '';
          this.elements.fail(elementFailure(issues, index, this.#plan.elements, text));
          return false;
        }
      }
      this.#delivered = index + 1;
      this.elements.push(value as E);
      return true;
    });
  }

  #elementsEnd(): void {
    this.#checks = this.#checks.then((ok) => {
      if (ok) this.elements.end();
      return ok;
    });
  }
}

/** The events a stream delivered before it was hooked, rebuilt from its response so far. */
function catchUpEvents(partial: ChatResponse): StreamEvent[] {
  const events = responseToEvents(partial);
  events.pop(); // `finish`: the stream says itself when it finished.
  const start = events[0];
  if (start?.type === 'start' && start.id === '' && start.model === '') events.shift();
  return events;
}

/** The array of `data` that the elements come from. */
function elementsOf(data: unknown, shape: ElementsShape | undefined): readonly unknown[] {
  if (shape === undefined) return [];
  const array =
    shape.at.kind === 'root'
      ? data
      : data !== null && typeof data === 'object'
        ? (data as Record<string, unknown>)[shape.at.name]
        : undefined;
  return Array.isArray(array) ? array : [];
}
