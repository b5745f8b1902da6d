import type { ChatStreamController } from '@aigo/ai';
import {
  arrayOf,
  errorFromResponse,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  numberOf,
  recordOf,
  type StreamFrame,
  stringOf,
} from '@aigo/http';
import { BaseStreamMapper, type StreamMapper } from '../response/stream-mapper.js';
import { ThinkSplitter, type ThinkSplitterSink } from '../response/think-splitter.js';
import { ChatAudioAssembler } from './chat-audio-assembler.js';
import { convertOpenAIChatUsage } from './convert-openai-chat-usage.js';
import { mapOpenAIFinishReason } from './map-openai-finish-reason.js';

/**
 * The stream mapper of Chat Completions (`data:` chunks, then `data: [DONE]`). Gives the same
 * `ChatResponse` through `collect()` as `mapOpenAIChatResponse` gives for the same answer:
 *
 * - only choice 0 is read (the other choices of an `n > 1` request are ignored);
 * - `delta.content` goes through the `<think>` splitter; `reasoning_content` / `reasoning` deltas
 *   are reasoning; `delta.refusal` is refusal; tool-call fragments pass through by index;
 * - `finish_reason` becomes the `finish` event (held by `ChatStream` until the usage chunk and
 *   `[DONE]` arrived, so it is always last); every `usage` object becomes a `usage` event;
 * - an error inside the 200 stream (Groq's `event: error`, OpenRouter's chunk with a top-level
 *   `error`) fails the stream with the typed `ProviderError`; what arrived before is kept as
 *   `partial` on it;
 * - a body that ends without `[DONE]` closes normally when a `finish_reason` arrived (some
 *   compatible servers omit the terminator), and otherwise fails with `stream_error`: the answer
 *   was cut short.
 */
export function createOpenAIChatStreamMapper(
  providerId: string,
  secrets: readonly string[] = [],
): StreamMapper {
  return new OpenAIChatStreamMapper(providerId, secrets);
}

class OpenAIChatStreamMapper extends BaseStreamMapper implements ThinkSplitterSink {
  #controller: ChatStreamController | undefined;
  readonly #splitter: ThinkSplitter;
  #id = '';
  #model = '';
  #finished = false;
  #toolCalls = false;
  #reasoningField: string | undefined;
  #audio: ChatAudioAssembler | undefined;

  constructor(providerId: string, secrets: readonly string[]) {
    super(providerId, secrets);
    // The mapper is the splitter's sink: methods of one class, not two closures per stream.
    this.#splitter = new ThinkSplitter(this);
  }

  /** @internal The splitter's answer text. */
  content(text: string): void {
    this.#controller?.enqueue({ type: 'content', text });
  }

  /** @internal The splitter's `<think>` text. */
  reasoning(text: string): void {
    this.#controller?.enqueue({ type: 'reasoning', text });
  }

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    if (this.done) return;
    this.#controller = controller;
    if (frame.data === '[DONE]') {
      this.done = true;
      this.#splitter.end();
      controller.close();
      return;
    }
    const chunk = this.frameJson(frame, controller);
    if (chunk === undefined) return;
    if (frame.event === 'error' || (chunk.error !== undefined && chunk.error !== null)) {
      this.#fail(chunk, controller);
      return;
    }
    const id = nonEmptyString(chunk.id);
    const model = nonEmptyString(chunk.model);
    if ((id !== undefined && id !== this.#id) || (model !== undefined && model !== this.#model)) {
      this.#id = id ?? this.#id;
      this.#model = model ?? this.#model;
      controller.enqueue({ type: 'start', id: this.#id, model: this.#model });
    }
    const choices = chunk.choices;
    if (Array.isArray(choices) && choices.length > 0) this.#choices(choices, controller);
    const usage = chunk.usage;
    if (usage !== undefined && usage !== null) {
      const converted = convertOpenAIChatUsage(usage);
      if (converted !== undefined) controller.enqueue({ type: 'usage', usage: converted });
    }
  }

  #choices(choices: readonly unknown[], controller: ChatStreamController): void {
    for (const choice of choices) {
      // Only choice 0; servers that send no index (or null) mean that one.
      if (!isRecord(choice) || (typeof choice.index === 'number' && choice.index !== 0)) continue;
      const delta = recordOf(choice.delta);
      if (delta !== undefined) this.#delta(delta, controller);
      const finish = nonEmptyString(choice.finish_reason);
      if (finish !== undefined) {
        this.#finished = true;
        const audio = this.#audio?.finish();
        if (audio !== undefined)
          controller.enqueue({ type: 'media', partial: false, index: 0, media: audio });
        controller.enqueue({
          type: 'finish',
          finishReason: mapOpenAIFinishReason(finish, this.#toolCalls),
          rawFinishReason: finish,
        });
      }
    }
  }

  onEnd(controller: ChatStreamController): void {
    if (this.done) return;
    this.#controller = controller;
    this.#splitter.end();
    if (this.#finished) {
      this.done = true;
      controller.close();
      return;
    }
    this.cutShort(controller, 'its finish_reason and [DONE]');
  }

  #delta(delta: JsonRecord, controller: ChatStreamController): void {
    const reasoningContent = nonEmptyString(delta.reasoning_content);
    const reasoning = reasoningContent ?? nonEmptyString(delta.reasoning);
    if (reasoning !== undefined) {
      const field = reasoningContent !== undefined ? 'reasoning_content' : 'reasoning';
      if (this.#reasoningField !== field) {
        this.#reasoningField = field;
        controller.enqueue({
          type: 'metadata',
          providerMetadata: { openai: { reasoningField: field } },
        });
      }
      controller.enqueue({ type: 'reasoning', text: reasoning });
    }
    const content = stringOf(delta.content);
    if (content !== undefined && content !== '') this.#splitter.push(content);
    const refusal = nonEmptyString(delta.refusal);
    if (refusal !== undefined) controller.enqueue({ type: 'refusal', text: refusal });
    if (isRecord(delta.extra_content)) {
      controller.enqueue({
        type: 'metadata',
        providerMetadata: { openai: { extraContent: delta.extra_content } },
      });
    }
    if (isRecord(delta.audio)) {
      this.#audio ??= new ChatAudioAssembler();
      this.#audio.add(delta.audio, controller);
    }
    if (delta.tool_calls !== undefined && delta.tool_calls !== null) {
      this.#toolCallDeltas(arrayOf(delta.tool_calls), controller);
    }
  }

  #toolCallDeltas(toolCalls: readonly unknown[], controller: ChatStreamController): void {
    toolCalls.forEach((call, position) => {
      if (!isRecord(call)) return;
      this.#toolCalls = true;
      const fn = recordOf(call.function) ?? {};
      const id = nonEmptyString(call.id);
      const name = nonEmptyString(fn.name);
      controller.enqueue({
        type: 'tool_call_delta',
        index: numberOf(call.index) ?? position,
        ...(id === undefined ? {} : { id }),
        ...(name === undefined ? {} : { name }),
        argumentsDelta: stringOf(fn.arguments) ?? '',
        ...(isRecord(call.extra_content)
          ? { providerMetadata: { openai: { extraContent: call.extra_content } } }
          : {}),
      });
    });
  }

  #fail(chunk: JsonRecord, controller: ChatStreamController): void {
    this.done = true;
    this.#splitter.end();
    const error = recordOf(chunk.error);
    const status = numberOf(error?.status_code);
    controller.error(
      errorFromResponse({
        provider: this.providerId,
        body: chunk,
        secrets: this.secrets,
        ...(status !== undefined && status >= 400 && status <= 599 ? { status } : {}),
      }),
    );
  }
}
