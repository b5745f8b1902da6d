import type { ChatResponse, CodeExecution, ToolCall } from '@aigo/ai';
import { invalidResponse, isRecord, stringOf } from '@aigo/http';
import { AnthropicTurn, type TurnSink } from './anthropic-turn.js';
import { convertAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';
import { turnMetadata } from './turn-metadata.js';

/**
 * A Messages API `message` as a `ChatResponse`, read block by block exactly as the stream mapper
 * reads the same answer streamed (see `AnthropicTurn`).
 *
 * @throws ProviderError `invalid_response` when the body is not a message with a `content` array.
 */
export function mapAnthropicResponse(
  data: unknown,
  providerId: string,
  jsonToolName: string | undefined,
): ChatResponse {
  if (!isRecord(data) || !Array.isArray(data.content)) {
    throw invalidResponse(providerId, 'is not a message with a content array');
  }
  const sink = new TextSink();
  const turn = new AnthropicTurn(sink, jsonToolName);
  const blocks = data.content;
  for (let index = 0; index < blocks.length; index++) {
    const block: unknown = blocks[index];
    if (!isRecord(block)) continue;
    turn.start(index, block);
    turn.stop(index);
  }
  const toolCalls: ToolCall[] = sink.calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.args },
  }));
  const raw = stringOf(data.stop_reason);
  const response: { -readonly [K in keyof ChatResponse]: ChatResponse[K] } = {
    id: stringOf(data.id) ?? '',
    model: stringOf(data.model) ?? '',
    content: sink.text,
    toolCalls,
    finishReason:
      raw === undefined
        ? toolCalls.length > 0
          ? 'tool_calls'
          : 'other'
        : mapAnthropicFinishReason(raw, toolCalls.length > 0),
  };
  if (raw !== undefined) response.rawFinishReason = raw;
  const usage = convertAnthropicUsage(data.usage);
  if (usage !== undefined) response.usage = usage;
  if (sink.thinking !== '') response.reasoning = sink.thinking;
  if (sink.executions.length > 0) response.codeExecutions = sink.executions;
  const grounding = turn.grounding();
  if (grounding !== undefined) response.grounding = grounding;
  const metadata = turnMetadata(turn, data.stop_sequence, data.container);
  if (metadata !== undefined) response.providerMetadata = metadata;
  return response;
}

/** The sink of a whole response: the text, thinking, calls and code executions, joined. */
class TextSink implements TurnSink {
  text = '';
  thinking = '';
  readonly calls: { id: string; name: string; args: string }[] = [];
  readonly executions: CodeExecution[] = [];

  content(text: string): void {
    this.text += text;
  }

  reasoning(text: string): void {
    this.thinking += text;
  }

  toolCallDelta(
    index: number,
    id: string | undefined,
    name: string | undefined,
    args: string,
  ): void {
    let call = this.calls[index];
    if (call === undefined) {
      call = { id: '', name: '', args: '' };
      this.calls[index] = call;
    }
    if (id !== undefined) call.id = id;
    if (name !== undefined) call.name = name;
    call.args += args;
  }

  codeExecution(execution: CodeExecution): void {
    this.executions.push(execution);
  }
}
