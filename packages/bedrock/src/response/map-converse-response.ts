import type { ChatResponse, ToolCall } from '@aigo/ai';
import { arrayOf, invalidResponse, isRecord, numberOf, recordOf, stringOf } from '@aigo/http';
import { BEDROCK_PROVIDER_ID, type BedrockMetadata } from '../shared/bedrock-metadata.js';
import type { ConverseReasoningContent } from '../wire/converse-api.js';
import { convertConverseUsage } from './convert-converse-usage.js';
import { mapConverseStopReason } from './map-converse-stop-reason.js';

/** What a Converse answer is mapped with besides its body. */
export interface ConverseAnswerContext {
  /** The request id Bedrock answered with (`x-amzn-requestid`), the response's `id`. */
  readonly id: string;
  /** The model id the request went to. */
  readonly model: string;
  /** The forced JSON-answer tool, when the request asked for JSON with a schema. */
  readonly jsonToolName: string | undefined;
}

/**
 * A Converse answer as a `ChatResponse`: text blocks joined into `content`, `toolUse` blocks as tool
 * calls (the forced JSON tool's input as `content` instead), reasoning text joined into `reasoning`
 * with every reasoning block kept in `providerMetadata.bedrock.reasoning` (so the turn goes back
 * with its signatures), the stop reason, usage, and the guardrail trace and latency as metadata.
 *
 * @throws ProviderError `invalid_response` when the body has no `output.message.content` array.
 */
export function mapConverseResponse(data: unknown, context: ConverseAnswerContext): ChatResponse {
  const raw = recordOf(recordOf(recordOf(data)?.output)?.message)?.content;
  if (!Array.isArray(raw) || !isRecord(data)) {
    throw invalidResponse(BEDROCK_PROVIDER_ID, 'the answer has no output.message.content array');
  }
  let text = '';
  let reasoningText = '';
  const reasoning: ConverseReasoningContent[] = [];
  const toolCalls: ToolCall[] = [];
  let json: string | undefined;
  for (const block of arrayOf(raw)) {
    if (!isRecord(block)) continue;
    if (typeof block.text === 'string') text += block.text;
    const toolUse = recordOf(block.toolUse);
    if (toolUse !== undefined) {
      const name = stringOf(toolUse.name) ?? '';
      const input = JSON.stringify(toolUse.input ?? {});
      if (context.jsonToolName !== undefined && name === context.jsonToolName) json = input;
      else {
        toolCalls.push({
          id: stringOf(toolUse.toolUseId) ?? '',
          type: 'function',
          function: { name, arguments: input },
        });
      }
    }
    const thought = recordOf(block.reasoningContent);
    if (thought !== undefined) {
      const stored = reasoningBlock(thought);
      if (stored !== undefined) reasoning.push(stored);
      reasoningText += stored?.reasoningText?.text ?? '';
    }
  }
  const stop = stringOf(data.stopReason);
  const usage = convertConverseUsage(data.usage);
  const metadata = bedrockMetadata(reasoning, data);
  return {
    id: context.id,
    model: context.model,
    content: json ?? text,
    toolCalls,
    finishReason: mapConverseStopReason(stop, json !== undefined),
    ...(stop === undefined ? {} : { rawFinishReason: stop }),
    ...(usage === undefined ? {} : { usage }),
    ...(reasoningText === '' ? {} : { reasoning: reasoningText }),
    ...(metadata === undefined ? {} : { providerMetadata: { [BEDROCK_PROVIDER_ID]: metadata } }),
  };
}

/** A `reasoningContent` block as it goes back to the API, or `undefined` when it is neither kind. */
export function reasoningBlock(
  value: Record<string, unknown>,
): ConverseReasoningContent | undefined {
  const text = recordOf(value.reasoningText);
  if (text !== undefined) {
    const signature = stringOf(text.signature);
    return {
      reasoningText: {
        text: stringOf(text.text) ?? '',
        ...(signature === undefined ? {} : { signature }),
      },
    };
  }
  const redacted = stringOf(value.redactedContent);
  return redacted === undefined ? undefined : { redactedContent: redacted };
}

/**
 * `providerMetadata.bedrock` of an answer from its reasoning blocks and the fields of the body (or
 * of ConverseStream's `messageStop` and `metadata` events): `trace.guardrail`,
 * `additionalModelResponseFields`, `metrics.latencyMs`. `undefined` when there is none.
 */
export function bedrockMetadata(
  reasoning: readonly ConverseReasoningContent[],
  fields: Record<string, unknown>,
): BedrockMetadata | undefined {
  const guardrail = recordOf(fields.trace)?.guardrail;
  const extra = fields.additionalModelResponseFields;
  const latency = numberOf(recordOf(fields.metrics)?.latencyMs);
  const metadata: { -readonly [K in keyof BedrockMetadata]: BedrockMetadata[K] } = {};
  if (reasoning.length > 0) metadata.reasoning = reasoning;
  if (guardrail !== undefined) metadata.guardrailTrace = guardrail;
  if (extra !== undefined) metadata.additionalModelResponseFields = extra;
  if (latency !== undefined) metadata.latencyMs = latency;
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}
