import { addUsage, type ChatStreamController, type CodeExecution, type Usage } from '@aigo/ai';
import {
  errorFromResponse,
  type FrameMapper,
  invalidResponse,
  isRecord,
  type JsonRecord,
  numberOf,
  recordOf,
  type StreamFrame,
  streamCutShort,
  stringOf,
} from '@aigo/http';
import { AnthropicTurn, type TurnSink } from './anthropic-turn.js';
import { convertAnthropicUsage, mergeAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';
import { turnMetadata } from './turn-metadata.js';

/**
 * The stream mapper of the Messages API. One instance per stream, a class rather than closures (see
 * `FrameMapper`): it is also the sink of its `AnthropicTurn`, so each delta becomes an event with no
 * allocation but the event.
 *
 * - `message_start` → `start` and a first `usage`; `content_block_*` → `content`, `reasoning`,
 *   `tool_call_delta` and code-execution `metadata` events (see `AnthropicTurn`);
 * - `message_delta` → `usage` (its counts over those of `message_start`) and `finish`;
 * - `message_stop` → one `metadata` event with the turn's block records, grounding, stop sequence
 *   and container, then the stream closes;
 * - `ping` is ignored; an `error` event fails the stream with the typed `ProviderError` (the
 *   partial answer and usage so far are put on it by the stream);
 * - a body that ends before `message_stop` fails with `stream_error`: the answer was cut short.
 *
 * A mapper made to continue paused turns (`continuePaused`) holds back the `finish` and the final
 * `metadata` of a turn the API paused (`pause_turn`): the next request's mapper takes over the same
 * `AnthropicTurn` and adds its usage to this one's (see `PausedTurnSource`).
 */
export class AnthropicStreamMapper implements FrameMapper, TurnSink {
  readonly #providerId: string;
  readonly #secrets: readonly string[];
  readonly #turn: AnthropicTurn;
  #controller: ChatStreamController | undefined;
  #startUsage: JsonRecord | undefined;
  #stopSequence: unknown;
  #container: unknown;
  #done = false;
  readonly #continuePaused: boolean;
  readonly #baseUsage: Usage | undefined;
  #usage: Usage | undefined;
  #paused = false;

  constructor(
    providerId: string,
    secrets: readonly string[],
    jsonToolName: string | undefined,
    continued?: { readonly turn: AnthropicTurn; readonly usage: Usage | undefined },
    continuePaused = false,
  ) {
    this.#providerId = providerId;
    this.#secrets = secrets;
    this.#continuePaused = continuePaused;
    if (continued === undefined) {
      this.#turn = new AnthropicTurn(this, jsonToolName);
    } else {
      this.#turn = continued.turn;
      this.#turn.sink = this;
    }
    this.#baseUsage = continued?.usage;
  }

  /** True when the API paused the turn and this mapper held back its end, to be continued. */
  get paused(): boolean {
    return this.#paused;
  }

  /** The turn read so far (all the parts of a continued turn). */
  get turn(): AnthropicTurn {
    return this.#turn;
  }

  /** The usage reported so far, the parts before this one's included. */
  get usage(): Usage | undefined {
    return this.#usage;
  }

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    if (this.#done) return;
    this.#controller = controller;
    let event: unknown;
    try {
      event = JSON.parse(frame.data);
    } catch (error) {
      this.#fail(invalidResponse(this.#providerId, 'stream sent an event that is not JSON', error));
      return;
    }
    if (!isRecord(event)) {
      this.#fail(invalidResponse(this.#providerId, 'stream sent an event that is not an object'));
      return;
    }
    switch (event.type) {
      case 'content_block_delta': {
        const delta = recordOf(event.delta);
        if (delta !== undefined) this.#turn.delta(numberOf(event.index) ?? 0, delta);
        return;
      }
      case 'content_block_start': {
        const block = recordOf(event.content_block);
        if (block !== undefined) this.#turn.start(numberOf(event.index) ?? 0, block);
        return;
      }
      case 'content_block_stop':
        this.#turn.stop(numberOf(event.index) ?? 0);
        return;
      case 'message_start':
        this.#messageStart(recordOf(event.message) ?? {});
        return;
      case 'message_delta':
        this.#messageDelta(event);
        return;
      case 'message_stop':
        this.#messageStop();
        return;
      case 'error':
        this.#fail(
          errorFromResponse({ provider: this.#providerId, body: event, secrets: this.#secrets }),
        );
        return;
      default:
        // `ping`, and event types this version does not know.
        return;
    }
  }

  onEnd(controller: ChatStreamController): void {
    if (this.#done) return;
    this.#controller = controller;
    this.#fail(streamCutShort(this.#providerId, 'message_stop'));
  }

  /** @internal The turn's thinking text. */
  reasoning(text: string): void {
    this.#controller?.enqueue({ type: 'reasoning', text });
  }

  /** @internal The turn's answer text. */
  content(text: string): void {
    this.#controller?.enqueue({ type: 'content', text });
  }

  /** @internal A tool call's fragment. */
  toolCallDelta(
    index: number,
    id: string | undefined,
    name: string | undefined,
    args: string,
  ): void {
    this.#controller?.enqueue(
      id === undefined
        ? { type: 'tool_call_delta', index, argumentsDelta: args }
        : { type: 'tool_call_delta', index, id, name: name ?? '', argumentsDelta: args },
    );
  }

  /** @internal A code execution that finished. */
  codeExecution(execution: CodeExecution): void {
    this.#controller?.enqueue({ type: 'metadata', codeExecutions: [execution] });
  }

  #messageStart(message: JsonRecord): void {
    this.#controller?.enqueue({
      type: 'start',
      id: stringOf(message.id) ?? '',
      model: stringOf(message.model) ?? '',
    });
    const usage = recordOf(message.usage);
    if (usage === undefined) return;
    this.#startUsage = usage;
    this.#emitUsage(convertAnthropicUsage(usage));
  }

  #emitUsage(usage: Usage | undefined): void {
    if (usage === undefined) return;
    const total =
      this.#baseUsage === undefined ? usage : (addUsage(this.#baseUsage, usage) as Usage);
    this.#usage = total;
    this.#controller?.enqueue({ type: 'usage', usage: total });
  }

  #messageDelta(event: JsonRecord): void {
    const usage = recordOf(event.usage);
    if (usage !== undefined) {
      this.#emitUsage(convertAnthropicUsage(mergeAnthropicUsage(this.#startUsage, usage)));
    }
    const delta = recordOf(event.delta);
    if (delta === undefined) return;
    if (delta.stop_sequence !== undefined) this.#stopSequence = delta.stop_sequence;
    if (delta.container !== undefined) this.#container = delta.container;
    const reason = stringOf(delta.stop_reason);
    if (reason === 'pause_turn' && this.#continuePaused) {
      this.#paused = true;
      return;
    }
    if (reason !== undefined) {
      this.#controller?.enqueue({
        type: 'finish',
        finishReason: mapAnthropicFinishReason(reason, this.#turn.toolCalls > 0),
        rawFinishReason: reason,
      });
    }
  }

  #messageStop(): void {
    const controller = this.#controller;
    if (controller === undefined) return;
    this.#done = true;
    if (this.#paused) {
      controller.close();
      return;
    }
    const providerMetadata = turnMetadata(this.#turn, this.#stopSequence, this.#container);
    const grounding = this.#turn.grounding();
    if (providerMetadata !== undefined || grounding !== undefined) {
      controller.enqueue({
        type: 'metadata',
        ...(providerMetadata === undefined ? {} : { providerMetadata }),
        ...(grounding === undefined ? {} : { grounding }),
      });
    }
    controller.close();
  }

  #fail(error: unknown): void {
    this.#done = true;
    this.#controller?.error(error);
  }
}
