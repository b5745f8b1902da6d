import type { FinishReason } from '../chat/finish-reason.js';
import type { Usage } from '../chat/usage.js';
import type { ProviderMetadata } from '../json.js';
import type { CodeExecution, GeneratedMedia, Grounding } from '../messages/media.js';

/** The stream began; the provider's response id and model, when it sent them. */
export interface StartEvent {
  readonly type: 'start';
  readonly id: string;
  readonly model: string;
}

/** A fragment of the answer's text. */
export interface ContentEvent {
  readonly type: 'content';
  readonly text: string;
}

/** A fragment of the model's reasoning (thought summaries, `reasoning_content`). */
export interface ReasoningEvent {
  readonly type: 'reasoning';
  readonly text: string;
}

/** A fragment of a refusal. */
export interface RefusalEvent {
  readonly type: 'refusal';
  readonly text: string;
}

/**
 * A fragment of a tool call. Fragments are joined by `index`; `id` and `name` come when the provider
 * sends them (often only on the first fragment, sometimes late, sometimes empty).
 */
export interface ToolCallDeltaEvent {
  readonly type: 'tool_call_delta';
  readonly index: number;
  readonly id?: string;
  readonly name?: string;
  readonly argumentsDelta: string;
  readonly providerMetadata?: ProviderMetadata;
}

/** Things other than text that arrived: opaque provider values, grounding, code, generated media. */
export interface MetadataEvent {
  readonly type: 'metadata';
  readonly providerMetadata?: ProviderMetadata;
  readonly grounding?: Grounding;
  readonly codeExecutions?: readonly CodeExecution[];
  readonly images?: readonly GeneratedMedia[];
  readonly audio?: readonly GeneratedMedia[];
  readonly videos?: readonly GeneratedMedia[];
}

/**
 * A generated image or audio clip as it arrives. `partial: true` is a preview (an OpenAI partial
 * image) that the final one replaces: it is not collected into the response. `partial: false` is
 * the finished output, collected into the response's `images`, `audio` or `videos` by its MIME
 * type. `index` says which output of the answer it is (previews and their final share it).
 */
export interface MediaEvent {
  readonly type: 'media';
  readonly media: GeneratedMedia;
  readonly partial: boolean;
  readonly index: number;
}

/** Token counts; a later usage event replaces an earlier one. */
export interface UsageEvent {
  readonly type: 'usage';
  readonly usage: Usage;
}

/** The model is done. Always the last event of a stream that ended normally. */
export interface FinishEvent {
  readonly type: 'finish';
  readonly finishReason: FinishReason;
  readonly rawFinishReason?: string;
}

/**
 * One event of a model stream. Errors are never events: the iterator rejects with an `AigoError`
 * whose `partial` is the response accumulated so far.
 */
export type StreamEvent =
  | StartEvent
  | ContentEvent
  | ReasoningEvent
  | RefusalEvent
  | ToolCallDeltaEvent
  | MetadataEvent
  | MediaEvent
  | UsageEvent
  | FinishEvent;

/** The `type` of each stream event. */
export type StreamEventType = StreamEvent['type'];
