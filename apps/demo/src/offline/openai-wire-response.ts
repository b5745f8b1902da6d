import type { ChatResponse, FinishReason, StreamEvent, Usage } from '@aigo/ai';

/** A JSON object as it goes on the wire. */
export type WireJson = { readonly [key: string]: unknown };

/** OpenAI's `usage` object for an aigo `Usage` (cached and reasoning tokens in their details). */
export function wireUsage(usage: Usage): WireJson {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    ...(usage.cachedTokens === undefined
      ? {}
      : { prompt_tokens_details: { cached_tokens: usage.cachedTokens } }),
    ...(usage.reasoningTokens === undefined
      ? {}
      : { completion_tokens_details: { reasoning_tokens: usage.reasoningTokens } }),
  };
}

/** OpenAI's `finish_reason` for aigo's normalised one. */
export function wireFinishReason(reason: FinishReason): string {
  return reason === 'other' || reason === 'error' ? 'stop' : reason;
}

/**
 * The `chat.completion` body of a non-streaming answer, the way api.openai.com shapes it. The
 * reasoning goes in `reasoning_content` (the field DeepSeek, vLLM and xAI use), which `@aigo/openai`
 * reads back as `response.reasoning`.
 */
export function completionBody(response: ChatResponse, created: number): WireJson {
  return {
    id: `chatcmpl-${response.id}`,
    object: 'chat.completion',
    created,
    model: response.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content:
            response.toolCalls.length > 0 && response.content === '' ? null : response.content,
          ...(response.reasoning === undefined ? {} : { reasoning_content: response.reasoning }),
          ...(response.toolCalls.length === 0
            ? {}
            : {
                tool_calls: response.toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: call.function,
                })),
              }),
        },
        finish_reason: wireFinishReason(response.finishReason),
      },
    ],
    ...(response.usage === undefined ? {} : { usage: wireUsage(response.usage) }),
  };
}

/** Turns the events of one aigo stream into `chat.completion.chunk` objects, in order. */
export class ChunkWriter {
  readonly #id: string;
  readonly #model: string;
  readonly #created: number;
  #roleSent = false;

  constructor(id: string, model: string, created: number) {
    this.#id = id;
    this.#model = model;
    this.#created = created;
  }

  /** The chunk for one event, or `undefined` for events with no wire form (`start`, `metadata`). */
  chunk(event: StreamEvent): WireJson | undefined {
    switch (event.type) {
      case 'content':
        return this.#delta({ content: event.text });
      case 'reasoning':
        return this.#delta({ reasoning_content: event.text });
      case 'refusal':
        return this.#delta({ refusal: event.text });
      case 'tool_call_delta':
        return this.#delta({
          tool_calls: [
            {
              index: event.index,
              ...(event.id === undefined ? {} : { id: event.id, type: 'function' }),
              function: {
                ...(event.name === undefined ? {} : { name: event.name }),
                arguments: event.argumentsDelta,
              },
            },
          ],
        });
      case 'finish':
        return this.#envelope([
          { index: 0, delta: {}, finish_reason: wireFinishReason(event.finishReason) },
        ]);
      case 'usage':
        // With stream_options.include_usage, usage comes in a last chunk with no choices.
        return this.#envelope([], wireUsage(event.usage));
      default:
        return undefined;
    }
  }

  #delta(delta: WireJson): WireJson {
    const withRole = this.#roleSent ? delta : { role: 'assistant', ...delta };
    this.#roleSent = true;
    return this.#envelope([{ index: 0, delta: withRole, finish_reason: null }]);
  }

  #envelope(choices: readonly WireJson[], usage?: WireJson): WireJson {
    return {
      id: this.#id,
      object: 'chat.completion.chunk',
      created: this.#created,
      model: this.#model,
      choices,
      ...(usage === undefined ? {} : { usage }),
    };
  }
}
