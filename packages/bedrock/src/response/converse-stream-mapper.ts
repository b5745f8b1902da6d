import type { ChatStreamController, FinishReason, Usage } from '@aigo/ai';
import {
  type FrameMapper,
  isRecord,
  type JsonRecord,
  recordOf,
  type StreamFrame,
  streamCutShort,
  stringOf,
} from '@aigo/http';
import { awsStreamException } from '@aigo/http/aws';
import { BEDROCK_PROVIDER_ID } from '../shared/bedrock-metadata.js';
import type { ConverseReasoningContent } from '../wire/converse-api.js';
import { convertConverseUsage } from './convert-converse-usage.js';
import type { ConverseAnswerContext } from './map-converse-response.js';
import { bedrockMetadata } from './map-converse-response.js';
import { mapConverseStopReason } from './map-converse-stop-reason.js';

/** One content block of the answer being streamed. */
interface OpenBlock {
  /** The tool call's index among the answer's tool calls, for a `toolUse` block. */
  tool?: number;
  /** The block is the forced JSON answer: its input deltas are the answer's text. */
  json?: boolean;
  /** The block's input fragments seen so far (a tool block with none sends `{}`). */
  inputSeen?: boolean;
  reasoning?: { text: string; signature?: string; redacted?: string };
}

/**
 * ConverseStream's events as aigo's stream events: `messageStart` → `start` (the request id, the
 * model); `contentBlockDelta` text → `content`, reasoning text → `reasoning` (with the block's
 * signature or encrypted content kept for `providerMetadata`), `toolUse` input → `tool_call_delta`
 * (started by `contentBlockStart`); `messageStop` and `metadata` give the stop reason, usage,
 * guardrail trace and latency, sent at the end of the body as `metadata`, `usage`, then `finish`.
 * An exception message fails the stream with the `ProviderError` of the same exception answered to
 * a call (throttling and unavailability retryable, validation not).
 */
export class ConverseStreamMapper implements FrameMapper {
  readonly #context: ConverseAnswerContext;
  readonly #secrets: readonly string[];
  readonly #blocks = new Map<number, OpenBlock>();
  readonly #reasoning: OpenBlock['reasoning'][] = [];
  #started = false;
  #tools = 0;
  #stopReason: string | undefined;
  #jsonAnswered = false;
  #usage: Usage | undefined;
  #fields: JsonRecord = {};
  #stopped = false;

  constructor(context: ConverseAnswerContext, secrets: readonly string[]) {
    this.#context = context;
    this.#secrets = secrets;
  }

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    if (frame.event === 'exception') {
      this.#fail(frame.data, controller);
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(frame.data);
    } catch {
      return;
    }
    if (!isRecord(event)) return;
    this.#start(controller);
    switch (frame.event) {
      case 'contentBlockStart':
        this.#blockStart(event, controller);
        return;
      case 'contentBlockDelta':
        this.#delta(event, controller);
        return;
      case 'contentBlockStop':
        this.#blockStop(event, controller);
        return;
      case 'messageStop':
        this.#stopped = true;
        this.#stopReason = stringOf(event.stopReason);
        if (event.additionalModelResponseFields !== undefined) {
          this.#fields = {
            ...this.#fields,
            additionalModelResponseFields: event.additionalModelResponseFields,
          };
        }
        return;
      case 'metadata':
        this.#usage = convertConverseUsage(event.usage) ?? this.#usage;
        this.#fields = { ...this.#fields, trace: event.trace, metrics: event.metrics };
        return;
      default:
        return;
    }
  }

  onEnd(controller: ChatStreamController): void {
    if (!this.#stopped) {
      controller.error(streamCutShort(BEDROCK_PROVIDER_ID, 'messageStop'));
      return;
    }
    this.#start(controller);
    const reasoning: ConverseReasoningContent[] = [];
    for (const block of this.#reasoning) {
      if (block === undefined) continue;
      if (block.redacted !== undefined) reasoning.push({ redactedContent: block.redacted });
      else {
        reasoning.push({
          reasoningText: {
            text: block.text,
            ...(block.signature === undefined ? {} : { signature: block.signature }),
          },
        });
      }
    }
    const metadata = bedrockMetadata(reasoning, this.#fields);
    if (metadata !== undefined) {
      controller.enqueue({
        type: 'metadata',
        providerMetadata: { [BEDROCK_PROVIDER_ID]: metadata },
      });
    }
    if (this.#usage !== undefined) controller.enqueue({ type: 'usage', usage: this.#usage });
    const finishReason: FinishReason = mapConverseStopReason(this.#stopReason, this.#jsonAnswered);
    controller.enqueue({
      type: 'finish',
      finishReason,
      ...(this.#stopReason === undefined ? {} : { rawFinishReason: this.#stopReason }),
    });
    controller.close();
  }

  #start(controller: ChatStreamController): void {
    if (this.#started) return;
    this.#started = true;
    controller.enqueue({ type: 'start', id: this.#context.id, model: this.#context.model });
  }

  #block(event: JsonRecord): OpenBlock {
    const index = typeof event.contentBlockIndex === 'number' ? event.contentBlockIndex : 0;
    let block = this.#blocks.get(index);
    if (block === undefined) {
      block = {};
      this.#blocks.set(index, block);
    }
    return block;
  }

  #blockStart(event: JsonRecord, controller: ChatStreamController): void {
    const toolUse = recordOf(recordOf(event.start)?.toolUse);
    if (toolUse === undefined) return;
    const block = this.#block(event);
    const name = stringOf(toolUse.name) ?? '';
    if (this.#context.jsonToolName !== undefined && name === this.#context.jsonToolName) {
      block.json = true;
      this.#jsonAnswered = true;
      return;
    }
    block.tool = this.#tools++;
    controller.enqueue({
      type: 'tool_call_delta',
      index: block.tool,
      id: stringOf(toolUse.toolUseId) ?? '',
      name,
      argumentsDelta: '',
    });
  }

  #delta(event: JsonRecord, controller: ChatStreamController): void {
    const delta = recordOf(event.delta);
    if (delta === undefined) return;
    if (typeof delta.text === 'string') {
      if (delta.text !== '') controller.enqueue({ type: 'content', text: delta.text });
      return;
    }
    const block = this.#block(event);
    const toolUse = recordOf(delta.toolUse);
    if (toolUse !== undefined) {
      const input = stringOf(toolUse.input) ?? '';
      if (input === '') return;
      block.inputSeen = true;
      if (block.json === true) controller.enqueue({ type: 'content', text: input });
      else if (block.tool !== undefined) {
        controller.enqueue({ type: 'tool_call_delta', index: block.tool, argumentsDelta: input });
      }
      return;
    }
    const thought = recordOf(delta.reasoningContent);
    if (thought === undefined) return;
    if (block.reasoning === undefined) {
      block.reasoning = { text: '' };
      this.#reasoning.push(block.reasoning);
    }
    const text = stringOf(thought.text);
    if (text !== undefined && text !== '') {
      block.reasoning.text += text;
      controller.enqueue({ type: 'reasoning', text });
    }
    const signature = stringOf(thought.signature);
    if (signature !== undefined)
      block.reasoning.signature = (block.reasoning.signature ?? '') + signature;
    const redacted = stringOf(thought.redactedContent);
    if (redacted !== undefined)
      block.reasoning.redacted = (block.reasoning.redacted ?? '') + redacted;
  }

  #blockStop(event: JsonRecord, controller: ChatStreamController): void {
    const block = this.#block(event);
    if (block.inputSeen === true) return;
    // A tool called without arguments streams no input: its arguments are `{}`, as in an answer.
    if (block.json === true) controller.enqueue({ type: 'content', text: '{}' });
    else if (block.tool !== undefined) {
      controller.enqueue({ type: 'tool_call_delta', index: block.tool, argumentsDelta: '{}' });
    }
    block.inputSeen = true;
  }

  #fail(data: string, controller: ChatStreamController): void {
    controller.error(awsStreamException(BEDROCK_PROVIDER_ID, data, this.#secrets));
  }
}
