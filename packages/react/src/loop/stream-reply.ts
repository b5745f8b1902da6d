import type { ChatResponse, ChatStream, JsonSchema, Span } from '@aigo/ai';
import { createPartialJsonParser, type PartialAnswerParser } from '@aigo/client';
import type { EventSink } from './agent-settings.js';

/** The span event of the first partial answer of a model call (its time: the first typed value). */
export const PARTIAL_ANSWER_EVENT = 'aigo.answer.partial';

/** What a streamed reply needs besides its stream. */
export interface StreamReplyOptions {
  readonly sink: EventSink;
  readonly iteration: number;
  /** The final answer's JSON Schema, when the agent has a schema: partial answers are emitted. */
  readonly jsonSchema: JsonSchema | undefined;
  /** The agent's own span (none without an observer): gets the partial answers' event and count. */
  readonly agentSpan: Span | undefined;
  /** The partial answers emitted by the run so far (kept on the agent span). */
  readonly counted: { partialAnswers: number };
}

/**
 * Reads one model call's stream for a streamed run: its reasoning and text as `reasoning` and
 * `content` events, and — when the agent has a schema whose shape streams — the typed answer so far
 * as `partial_answer` events, until the reply turns out to call tools. Resolves to the response.
 */
export async function streamReply(
  stream: ChatStream,
  options: StreamReplyOptions,
): Promise<ChatResponse> {
  const { sink, iteration } = options;
  let parser: PartialAnswerParser | undefined =
    options.jsonSchema === undefined
      ? undefined
      : createPartialJsonParser({ jsonSchema: options.jsonSchema });
  if (parser?.streamable === false) parser = undefined;
  let partials = 0;
  for await (const event of stream) {
    if (event.type === 'content' || event.type === 'reasoning') {
      const wait = sink.emit({ type: event.type, iteration, text: event.text });
      if (wait !== undefined) await wait;
    }
    if (parser === undefined) continue;
    if (event.type === 'tool_call_delta') {
      // A reply that calls tools is not the final answer.
      parser = undefined;
    } else if (event.type === 'content' && parser.push(event.text)) {
      const partial = parser.current();
      if (partial === undefined) continue;
      if (partials++ === 0) firstPartial(options.agentSpan, iteration);
      const wait = sink.emit({ type: 'partial_answer', iteration, partial });
      if (wait !== undefined) await wait;
    }
  }
  if (partials > 0) {
    options.counted.partialAnswers += partials;
    try {
      options.agentSpan?.setAttributes({
        'aigo.react.partial_answers': options.counted.partialAnswers,
      });
    } catch {
      // Observers never break a run.
    }
  }
  return stream.collect();
}

function firstPartial(span: Span | undefined, iteration: number): void {
  try {
    span?.addEvent(PARTIAL_ANSWER_EVENT, { 'aigo.react.iteration': iteration });
  } catch {
    // Observers never break a run.
  }
}
