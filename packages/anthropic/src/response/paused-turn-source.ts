import type { ChatStream, ChatStreamController, ChatStreamSource } from '@aigo/ai';
import { rebuildAnthropicTurn } from '../request/rebuild-anthropic-turn.js';
import type { AnthropicRequestBody } from '../wire/anthropic-api.js';
import type { AnthropicStreamMapper } from './anthropic-stream-mapper.js';
import { continuationBody } from './pause-turn.js';
import { turnMetadata } from './turn-metadata.js';

/** One streamed request of a turn: its stream and the mapper that reads it. */
export interface StreamedPart {
  readonly stream: ChatStream;
  readonly mapper: AnthropicStreamMapper;
}

/** Sends the request that continues a paused turn, its mapper taking over from `previous`. */
export type ContinuePart = (
  body: AnthropicRequestBody,
  previous: AnthropicStreamMapper,
) => Promise<StreamedPart>;

/**
 * The source of a streamed answer whose turn the API may pause (`pause_turn`, a long server-tool
 * turn): it passes the events of each streamed request on, and when a request ends paused it sends
 * the continuation — the original request with the turn so far as the assistant's message, rebuilt
 * from the block records — and goes on with its events, up to `maxPauses` times. The consumer sees
 * one answer: one `finish`, the usage of all the parts added up, every block in order. Used only for
 * requests with server tools (the only ones the API pauses), so other streams keep the direct path.
 */
export class PausedTurnSource implements ChatStreamSource {
  readonly #first: StreamedPart;
  readonly #body: AnthropicRequestBody;
  readonly #maxPauses: number;
  readonly #next: ContinuePart;
  #current: ChatStream | undefined;
  #cancelled = false;
  #content = '';
  #reasoning = '';
  /** Resolves the wait of a loop that filled the consumer's queue (see `pull`). */
  #resume: (() => void) | undefined;

  constructor(
    first: StreamedPart,
    body: AnthropicRequestBody,
    maxPauses: number,
    next: ContinuePart,
  ) {
    this.#first = first;
    this.#body = body;
    this.#maxPauses = maxPauses;
    this.#next = next;
  }

  start(controller: ChatStreamController): void {
    void this.#run(controller);
  }

  /** The consumer drained its queue: the loop reads on. */
  pull(): void {
    const resume = this.#resume;
    this.#resume = undefined;
    resume?.();
  }

  cancel(reason: unknown): void {
    this.#cancelled = true;
    this.#current?.cancel(reason);
    this.pull();
  }

  async #run(controller: ChatStreamController): Promise<void> {
    let part = this.#first;
    for (let round = 0; ; round++) {
      this.#current = part.stream;
      try {
        for await (const event of part.stream) {
          if (event.type === 'finish' && part.mapper.paused) continue;
          if (event.type === 'content') this.#content += event.text;
          else if (event.type === 'reasoning') this.#reasoning += event.text;
          controller.enqueue(event);
          // The consumer is behind: stop reading (the part's own stream pauses its socket) until
          // it drained the queue.
          if (controller.desiredSize <= 0 && !this.#cancelled) {
            await new Promise<void>((resolve) => {
              this.#resume = resolve;
            });
          }
        }
      } catch (error) {
        if (!this.#cancelled) controller.error(error);
        return;
      }
      if (this.#cancelled) return;
      const records = part.mapper.turn.records();
      const blocks =
        part.mapper.paused && round < this.#maxPauses && records !== undefined
          ? rebuildAnthropicTurn(
              { role: 'assistant', content: this.#content, reasoning: this.#reasoning },
              records,
              'turn',
            )
          : undefined;
      if (blocks === undefined) {
        if (part.mapper.paused) {
          // Out of continuations: the paused answer, with what its end would have carried.
          const turn = part.mapper.turn;
          const providerMetadata = turnMetadata(turn, undefined, undefined);
          const grounding = turn.grounding();
          controller.enqueue({
            type: 'metadata',
            ...(providerMetadata === undefined ? {} : { providerMetadata }),
            ...(grounding === undefined ? {} : { grounding }),
          });
          controller.enqueue({
            type: 'finish',
            finishReason: 'other',
            rawFinishReason: 'pause_turn',
          });
        }
        controller.close();
        return;
      }
      try {
        part = await this.#next(continuationBody(this.#body, blocks), part.mapper);
      } catch (error) {
        if (!this.#cancelled) controller.error(error);
        return;
      }
      if (this.#cancelled) {
        part.stream.cancel();
        return;
      }
    }
  }
}
