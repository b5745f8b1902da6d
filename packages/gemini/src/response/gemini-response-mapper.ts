import { randomUUID } from 'node:crypto';
import {
  type CodeExecution,
  type Grounding,
  generatedMediaKind,
  ProviderError,
  type StreamEvent,
  type Usage,
} from '@aigo/ai';
import { invalidResponse, isRecord } from '@aigo/http';
import { normaliseOutcome } from '../shared/gemini-code-outcome.js';
import { GEMINI_METADATA_KEY, geminiMetadata } from '../shared/gemini-provider-metadata.js';
import { thoughtSignatureOf } from '../shared/gemini-turn-parts.js';
import type {
  GeminiCandidate,
  GeminiPart,
  GeminiResponse,
  GeminiUsageMetadata,
} from '../wire/gemini-api.js';
import { convertGeminiGrounding, groundingSupportKey } from './convert-gemini-grounding.js';
import { convertGeminiUsage } from './convert-gemini-usage.js';
import { mediaOf } from './gemini-generated-media.js';
import { PartialArgsBuilder } from './gemini-partial-args.js';
import { TextDeltaTracker } from './gemini-text-delta.js';
import { TurnRecorder } from './gemini-turn-recorder.js';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.js';

/** The provider id put on errors and metadata. */
export const GEMINI_PROVIDER_ID = 'gemini';

/** A function call whose arguments are still streaming in (Vertex AI `partialArgs`). */
interface OpenCall {
  readonly index: number;
  readonly args: PartialArgsBuilder;
}

/**
 * Where the mapper puts its events: a stream's controller, or a response accumulator for
 * `generateContent`. An object with a method rather than a callback, so a stream passes its
 * controller and makes no closure.
 */
export interface EventSink {
  enqueue(event: StreamEvent): void;
}

/**
 * Maps Gemini responses to aigo stream events. One instance reads one exchange: every chunk of a
 * `streamGenerateContent` stream in order, or the single body of `generateContent` (which is why
 * `collect()` on a stream equals `sendMessage()` field by field: both go through this class).
 *
 * Per chunk, in order: `start` once (the API's `responseId`, else a random id; `modelVersion`, else
 * the requested model); for the first candidate's parts, `reasoning` (thought parts) and `content`
 * deltas, a `tool_call_delta` per function call (with its thought signature in `providerMetadata`),
 * `metadata` for text-part thought signatures, finished code executions and inline media; `metadata`
 * with the grounding supports not seen before; `usage` when it changed. `finish()` ends the exchange:
 * unfinished code executions and streamed calls are flushed, the turn's part records (when it needs
 * them: {@link TurnRecorder}) go out as `providerMetadata.gemini.parts`, and `finish` is emitted.
 *
 * Tool-call ids: the API's `functionCall.id` when it sends one (kept in `providerMetadata` as
 * `functionCallId`, and sent back), else `call_<responseId>_<n>` with `n` counting the exchange's calls —
 * unique across a conversation because response ids are.
 */
export class GeminiResponseMapper {
  readonly #requestModel: string;
  #started = false;
  #callBase = '';
  #sawCandidate = false;
  #rawFinishReason: string | undefined;
  #toolCallCount = 0;
  #openCall: OpenCall | undefined;
  #pendingCode: { language: string; code: string } | undefined;
  /** How many code executions were emitted: the index the next one gets. */
  #executionCount = 0;
  readonly #turn = new TurnRecorder();
  readonly #content = new TextDeltaTracker();
  readonly #reasoning = new TextDeltaTracker();
  readonly #seenSupports = new Set<string>();
  #usage: Usage | undefined;
  #lastUsage: GeminiUsageMetadata | undefined;

  constructor(requestModel: string) {
    this.#requestModel = requestModel;
  }

  /** The usage seen so far. */
  get usage(): Usage | undefined {
    return this.#usage;
  }

  /** True once a response or chunk was mapped. */
  get started(): boolean {
    return this.#started;
  }

  /** True once a candidate carried a finish reason (a complete answer). */
  get finished(): boolean {
    return this.#rawFinishReason !== undefined;
  }

  /**
   * Maps one response (or stream chunk).
   *
   * @throws ProviderError `prompt_blocked` when Gemini blocked the prompt (`promptFeedback`).
   */
  map(chunk: GeminiResponse, sink: EventSink): void {
    if (!isRecord(chunk as unknown))
      throw invalidResponse(GEMINI_PROVIDER_ID, 'is not a JSON object');
    // Runs once per stream chunk: straight-line checks and indexed loops, no per-chunk closures,
    // spreads or temporary arrays (a 5,000-chunk stream maps 5,000 of these).
    if (!this.#started) this.#start(chunk, sink);

    const candidates = chunk.candidates;
    if (Array.isArray(candidates)) {
      const candidate = candidates[0];
      if (candidate !== undefined && candidate !== null) {
        this.#sawCandidate = true;
        this.#mapCandidate(candidate, sink);
      }
    }

    const metadata = chunk.usageMetadata;
    if (metadata !== undefined && metadata !== null && !this.#sameUsage(metadata)) {
      const usage = convertGeminiUsage(metadata);
      if (usage !== undefined) {
        this.#usage = usage;
        sink.enqueue({ type: 'usage', usage });
      }
    }

    const feedback = chunk.promptFeedback;
    if (feedback !== undefined && feedback !== null) this.#checkFeedback(feedback);
  }

  /** Ends the exchange: flushes what is still open and emits `finish`. */
  finish(sink: EventSink): void {
    this.#closeCall(sink);
    this.#flushCode(sink);
    const parts = this.#turn.records();
    if (parts !== undefined) {
      sink.enqueue({ type: 'metadata', providerMetadata: { [GEMINI_METADATA_KEY]: { parts } } });
    }
    const hasToolCalls = this.#toolCallCount > 0;
    const raw = this.#rawFinishReason;
    const finishReason =
      !this.#sawCandidate && raw === undefined ? 'error' : mapGeminiFinishReason(raw, hasToolCalls);
    sink.enqueue(
      raw === undefined
        ? { type: 'finish', finishReason }
        : { type: 'finish', finishReason, rawFinishReason: raw },
    );
  }

  /** The `start` event, from the first chunk: the API's ids, else a random id and the requested model. */
  #start(chunk: GeminiResponse, sink: EventSink): void {
    this.#started = true;
    const id =
      typeof chunk.responseId === 'string' && chunk.responseId.length > 0
        ? chunk.responseId
        : `gemini-${randomUUID()}`;
    this.#callBase = id;
    const model =
      typeof chunk.modelVersion === 'string' && chunk.modelVersion.length > 0
        ? chunk.modelVersion
        : this.#requestModel;
    sink.enqueue({ type: 'start', id, model });
  }

  /** Throws `prompt_blocked` when `promptFeedback` says the prompt was blocked. */
  #checkFeedback(feedback: NonNullable<GeminiResponse['promptFeedback']>): void {
    if (
      feedback.blockReason === undefined &&
      (this.#sawCandidate || feedback.blockReasonMessage === undefined)
    ) {
      return;
    }
    const reason = feedback.blockReason;
    const detail = feedback.blockReasonMessage ? `: ${feedback.blockReasonMessage}` : '';
    throw new ProviderError({
      code: 'prompt_blocked',
      message: `Gemini blocked the prompt${reason === undefined ? '' : ` (${reason})`}${detail}`,
      provider: GEMINI_PROVIDER_ID,
      ...(reason === undefined ? {} : { providerCode: reason }),
      retryable: false,
      ...(this.#usage === undefined ? {} : { usage: this.#usage }),
    });
  }

  /** True when `metadata` has the same counts as the previous chunk's (Gemini repeats it per chunk). */
  #sameUsage(metadata: GeminiUsageMetadata): boolean {
    const last = this.#lastUsage;
    this.#lastUsage = metadata;
    return (
      last !== undefined &&
      last.promptTokenCount === metadata.promptTokenCount &&
      last.candidatesTokenCount === metadata.candidatesTokenCount &&
      last.totalTokenCount === metadata.totalTokenCount &&
      last.thoughtsTokenCount === metadata.thoughtsTokenCount &&
      last.cachedContentTokenCount === metadata.cachedContentTokenCount &&
      last.toolUsePromptTokenCount === metadata.toolUsePromptTokenCount
    );
  }

  #mapCandidate(candidate: GeminiCandidate, sink: EventSink): void {
    const parts = candidate.content?.parts;
    if (Array.isArray(parts)) {
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part !== null && typeof part === 'object') this.#mapPart(part, sink);
      }
    }
    const finishReason = candidate.finishReason;
    if (typeof finishReason === 'string' && finishReason.length > 0) {
      this.#rawFinishReason = finishReason;
    }
    if (candidate.groundingMetadata !== undefined || candidate.urlContextMetadata !== undefined) {
      this.#mapGrounding(candidate, sink);
    }
  }

  #mapPart(part: GeminiPart, sink: EventSink): void {
    const call = part.functionCall;
    if (call !== undefined && call !== null && typeof call === 'object') {
      this.#mapFunctionCall(part, sink);
      return;
    }
    // Any other part ends a streamed call that did not end itself.
    if (this.#openCall !== undefined) this.#closeCall(sink);

    const text = part.text;
    if (typeof text === 'string') {
      const signature = thoughtSignatureOf(part);
      let delta: string;
      if (part.thought === true) {
        delta = this.#reasoning.delta(text);
        if (delta) sink.enqueue({ type: 'reasoning', text: delta });
      } else {
        delta = this.#content.delta(text);
        if (delta) sink.enqueue({ type: 'content', text: delta });
      }
      this.#turn.text(part.thought === true, delta.length, signature);
      if (signature !== undefined) {
        sink.enqueue({
          type: 'metadata',
          providerMetadata: { gemini: { thoughtSignature: signature } },
        });
      }
      return;
    }
    this.#mapOtherPart(part, sink);
  }

  /**
   * Code, code results, server-side tool parts and media (rare: kept off the text path). Each is
   * recorded for the turn's part records, with its signature.
   */
  #mapOtherPart(part: GeminiPart, sink: EventSink): void {
    const signature = thoughtSignatureOf(part);
    if (part.executableCode !== undefined && part.executableCode !== null) {
      this.#flushCode(sink);
      this.#pendingCode = {
        language: (part.executableCode.language ?? 'PYTHON').toLowerCase(),
        code: part.executableCode.code ?? '',
      };
      this.#turn.code('executableCode', this.#executionCount, signature);
      return;
    }

    if (part.codeExecutionResult !== undefined && part.codeExecutionResult !== null) {
      const pending = this.#pendingCode ?? { language: 'python', code: '' };
      this.#pendingCode = undefined;
      const execution: { -readonly [K in keyof CodeExecution]: CodeExecution[K] } = {
        ...pending,
      };
      const { outcome, output } = part.codeExecutionResult;
      if (typeof outcome === 'string') execution.outcome = normaliseOutcome(outcome);
      if (typeof output === 'string') execution.output = output;
      this.#turn.code('codeExecutionResult', this.#executionCount++, signature);
      sink.enqueue({ type: 'metadata', codeExecutions: [execution] });
      return;
    }

    if (isRecord(part.toolCall) || isRecord(part.toolResponse)) {
      // A built-in tool the server ran: nothing to report, but it must go back whole.
      this.#turn.keep(part, true);
      return;
    }
    if (part.thought === true) {
      // Interim "thought" images are not answers; a signed one still goes back.
      if (signature !== undefined) this.#turn.keep(part, false);
      return;
    }
    const media = mediaOf(part);
    if (media !== undefined) {
      sink.enqueue({ type: 'metadata', [generatedMediaKind(media.mimeType)]: [media] });
      this.#turn.keep(part, false);
      return;
    }
    // A part kind this version does not know: kept whole when it is signed.
    if (signature !== undefined) this.#turn.keep(part, false);
  }

  #mapFunctionCall(part: GeminiPart, sink: EventSink): void {
    const call = part.functionCall as NonNullable<GeminiPart['functionCall']>;
    const signature = thoughtSignatureOf(part);
    const hasName = typeof call.name === 'string' && call.name.length > 0;

    if (!hasName && this.#openCall !== undefined) {
      // A continuation of a streamed call: argument fragments, or `{}` closing it.
      for (const fragment of call.partialArgs ?? []) this.#openCall.args.apply(fragment);
      if (signature !== undefined) {
        this.#turn.signed();
        sink.enqueue({
          type: 'tool_call_delta',
          index: this.#openCall.index,
          argumentsDelta: '',
          providerMetadata: { gemini: { thoughtSignature: signature } },
        });
      }
      if (call.willContinue !== true) this.#closeCall(sink);
      return;
    }
    if (!hasName) return; // an empty call part with nothing open: nothing to report

    this.#closeCall(sink);
    const index = this.#toolCallCount++;
    this.#turn.functionCall(index, signature !== undefined);
    const apiId = typeof call.id === 'string' && call.id.length > 0 ? call.id : undefined;
    const id = apiId ?? `call_${this.#callBase}_${index}`;
    const metadata = geminiMetadata({
      ...(signature === undefined ? {} : { thoughtSignature: signature }),
      ...(apiId === undefined ? {} : { functionCallId: apiId }),
    });
    const streaming = call.willContinue === true || Array.isArray(call.partialArgs);
    let argumentsDelta = '';
    if (streaming) {
      const args = new PartialArgsBuilder();
      for (const fragment of call.partialArgs ?? []) args.apply(fragment);
      this.#openCall = { index, args };
    } else {
      argumentsDelta = JSON.stringify(
        call.args !== null && typeof call.args === 'object' ? call.args : {},
      );
    }
    sink.enqueue({
      type: 'tool_call_delta',
      index,
      id,
      name: call.name as string,
      argumentsDelta,
      ...(metadata === undefined ? {} : { providerMetadata: metadata }),
    });
    if (streaming && call.willContinue !== true) this.#closeCall(sink);
  }

  #closeCall(sink: EventSink): void {
    const open = this.#openCall;
    if (open === undefined) return;
    this.#openCall = undefined;
    sink.enqueue({
      type: 'tool_call_delta',
      index: open.index,
      argumentsDelta: open.args.toJson(),
    });
  }

  #flushCode(sink: EventSink): void {
    const pending = this.#pendingCode;
    if (pending === undefined) return;
    this.#pendingCode = undefined;
    this.#executionCount++;
    sink.enqueue({ type: 'metadata', codeExecutions: [pending] });
  }

  #mapGrounding(candidate: GeminiCandidate, sink: EventSink): void {
    const entryPoint = candidate.groundingMetadata?.searchEntryPoint?.renderedContent;
    if (typeof entryPoint === 'string' && entryPoint.length > 0) {
      sink.enqueue({
        type: 'metadata',
        providerMetadata: { gemini: { searchEntryPoint: entryPoint } },
      });
    }
    const grounding = convertGeminiGrounding(
      candidate.groundingMetadata,
      candidate.urlContextMetadata,
    );
    if (grounding === undefined) return;
    // Streams may repeat grounding on later chunks: send each support once.
    const supports = grounding.supports.filter((support) => {
      const key = groundingSupportKey(support);
      if (this.#seenSupports.has(key)) return false;
      this.#seenSupports.add(key);
      return true;
    });
    const fresh: Grounding = { ...grounding, supports };
    sink.enqueue({ type: 'metadata', grounding: fresh });
  }
}
