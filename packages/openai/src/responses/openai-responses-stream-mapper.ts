import type { ChatStreamController } from '@aigo/ai';
import type { StreamFrame } from '@aigo/http';
import { type JsonRecord, nonEmptyString, numberOf, recordOf, stringOf } from '@aigo/http';
import { BaseStreamMapper, type StreamMapper } from '../response/stream-mapper.js';
import { convertOpenAIResponsesUsage } from './convert-openai-responses-usage.js';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason.js';
import { responsesFailure } from './map-openai-responses-response.js';
import {
  imageMimeType,
  REASONING_PART_SEPARATOR,
  readOpenAIResponsesOutput,
} from './read-openai-responses-output.js';

interface CallState {
  id: string | undefined;
  name: string | undefined;
  args: string;
}

/**
 * The stream mapper of the Responses API (typed events, no `[DONE]`). Text, refusal, reasoning
 * summary and function-call argument deltas stream as they come; at `response.completed` (or
 * `response.incomplete`) the final response gives the reasoning items and grounding (as one
 * `metadata` event, with the generated images), the usage and the finish reason; partial images of
 * the image generation tool stream as `media` events (`partial: true`), computed exactly as
 * `mapOpenAIResponsesResponse` does, so `collect()` equals `sendMessage()`.
 *
 * An `error` event or `response.failed` fails the stream with the typed `ProviderError` (for
 * example `insufficient_quota` on an HTTP 200 stream), the content so far kept on it; a body that
 * ends before a terminal event fails with `stream_error`.
 */
export function createOpenAIResponsesStreamMapper(
  providerId: string,
  secrets: readonly string[] = [],
): StreamMapper {
  return new OpenAIResponsesStreamMapper(providerId, secrets);
}

class OpenAIResponsesStreamMapper extends BaseStreamMapper {
  #started = false;
  readonly #calls = new Map<number, CallState>();
  #reasoningKey: string | undefined;
  #reasoningEmitted = false;

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    if (this.done) return;
    const event = this.frameJson(frame, controller);
    if (event === undefined) return;
    switch (event.type ?? frame.event) {
      case 'response.created':
      case 'response.in_progress':
        this.#start(recordOf(event.response), controller);
        return;
      case 'response.output_text.delta': {
        const text = stringOf(event.delta);
        if (text) controller.enqueue({ type: 'content', text });
        return;
      }
      case 'response.refusal.delta': {
        const text = stringOf(event.delta);
        if (text) controller.enqueue({ type: 'refusal', text });
        return;
      }
      case 'response.reasoning_summary_text.delta':
        this.#reasoning(event, `s:${String(event.summary_index)}`, controller);
        return;
      case 'response.reasoning_text.delta':
        this.#reasoning(event, `c:${String(event.content_index)}`, controller);
        return;
      case 'response.output_item.added':
      case 'response.output_item.done':
        this.#functionCall(event, controller);
        return;
      case 'response.function_call_arguments.delta': {
        const index = numberOf(event.output_index);
        const delta = stringOf(event.delta);
        if (index === undefined || !delta) return;
        const call = this.#call(index);
        call.args += delta;
        controller.enqueue({ type: 'tool_call_delta', index, argumentsDelta: delta });
        return;
      }
      case 'response.image_generation_call.partial_image': {
        const data = nonEmptyString(event.partial_image_b64);
        const index = numberOf(event.output_index);
        if (data === undefined || index === undefined) return;
        const id = nonEmptyString(event.item_id);
        controller.enqueue({
          type: 'media',
          partial: true,
          index,
          media: {
            mimeType: imageMimeType(event.output_format),
            data,
            ...(id === undefined ? {} : { id }),
          },
        });
        return;
      }
      case 'response.completed':
      case 'response.incomplete':
        this.#complete(recordOf(event.response) ?? {}, controller);
        return;
      case 'response.failed':
      case 'error':
        this.done = true;
        controller.error(
          responsesFailure(
            event.type === 'error' ? event : (recordOf(event.response) ?? {}),
            this.providerId,
            this.secrets,
          ),
        );
        return;
      default:
        return;
    }
  }

  onEnd(controller: ChatStreamController): void {
    if (this.done) return;
    this.cutShort(controller, 'response.completed');
  }

  #start(response: JsonRecord | undefined, controller: ChatStreamController): void {
    if (this.#started || response === undefined) return;
    this.#started = true;
    controller.enqueue({
      type: 'start',
      id: stringOf(response.id) ?? '',
      model: stringOf(response.model) ?? '',
    });
  }

  #reasoning(event: JsonRecord, part: string, controller: ChatStreamController): void {
    const text = stringOf(event.delta);
    if (!text) return;
    const key = `${String(event.item_id)}:${part}`;
    if (key !== this.#reasoningKey) {
      if (this.#reasoningEmitted) {
        controller.enqueue({ type: 'reasoning', text: REASONING_PART_SEPARATOR });
      }
      this.#reasoningKey = key;
    }
    this.#reasoningEmitted = true;
    controller.enqueue({ type: 'reasoning', text });
  }

  #call(index: number): CallState {
    let call = this.#calls.get(index);
    if (call === undefined) {
      call = { id: undefined, name: undefined, args: '' };
      this.#calls.set(index, call);
    }
    return call;
  }

  /** `output_item.added` / `.done` of a function call: its id and name, and any arguments not yet streamed. */
  #functionCall(event: JsonRecord, controller: ChatStreamController): void {
    const item = recordOf(event.item);
    const index = numberOf(event.output_index);
    if (item?.type !== 'function_call' || index === undefined) return;
    const call = this.#call(index);
    const id = call.id === undefined ? nonEmptyString(item.call_id) : undefined;
    const name = call.name === undefined ? nonEmptyString(item.name) : undefined;
    const full = stringOf(item.arguments) ?? '';
    const rest = full.startsWith(call.args) ? full.slice(call.args.length) : '';
    if (id === undefined && name === undefined && rest === '') return;
    if (id !== undefined) call.id = id;
    if (name !== undefined) call.name = name;
    call.args += rest;
    controller.enqueue({
      type: 'tool_call_delta',
      index,
      ...(id === undefined ? {} : { id }),
      ...(name === undefined ? {} : { name }),
      argumentsDelta: rest,
    });
  }

  #complete(response: JsonRecord, controller: ChatStreamController): void {
    this.done = true;
    this.#start(response, controller);
    const output = readOpenAIResponsesOutput(response.output);
    if (
      output.reasoningItems.length > 0 ||
      output.grounding !== undefined ||
      output.images.length > 0
    ) {
      controller.enqueue({
        type: 'metadata',
        ...(output.reasoningItems.length > 0
          ? { providerMetadata: { openai: { reasoningItems: output.reasoningItems } } }
          : {}),
        ...(output.grounding === undefined ? {} : { grounding: output.grounding }),
        ...(output.images.length > 0 ? { images: output.images } : {}),
      });
    }
    const usage = convertOpenAIResponsesUsage(response.usage);
    if (usage !== undefined) controller.enqueue({ type: 'usage', usage });
    const { finishReason, rawFinishReason } = mapOpenAIResponsesFinishReason(
      stringOf(response.status),
      nonEmptyString(recordOf(response.incomplete_details)?.reason),
      output.toolCalls.length > 0 || this.#calls.size > 0,
    );
    controller.enqueue({
      type: 'finish',
      finishReason,
      ...(rawFinishReason === undefined ? {} : { rawFinishReason }),
    });
    controller.close();
  }
}
