import { isRecord } from '@aigo/http';
import type { ConverseReasoningContent } from '../wire/converse-api.js';

/** The key of `providerMetadata` and `providerOptions` for Bedrock. */
export const BEDROCK_PROVIDER_ID = 'bedrock';

/**
 * What a Bedrock answer carries in `providerMetadata.bedrock`: the reasoning blocks to send back
 * with the turn (their signatures and encrypted content), the guardrail trace, the model's extra
 * response fields and the latency Bedrock measured.
 */
export interface BedrockMetadata {
  readonly [key: string]: unknown;
  /** The answer's `reasoningContent` blocks, in order, as the API needs them back. */
  readonly reasoning?: readonly ConverseReasoningContent[];
  /** `trace.guardrail` of the answer, when a guardrail ran with its trace enabled. */
  readonly guardrailTrace?: unknown;
  /** `additionalModelResponseFields`, when the request asked for some. */
  readonly additionalModelResponseFields?: unknown;
  /** `metrics.latencyMs`. */
  readonly latencyMs?: number;
}

/** The reasoning blocks stored on an assistant message, when they are well-formed. */
export function storedReasoning(metadata: unknown): ConverseReasoningContent[] | undefined {
  if (!isRecord(metadata)) return undefined;
  const own = metadata[BEDROCK_PROVIDER_ID];
  if (!isRecord(own) || !Array.isArray(own.reasoning)) return undefined;
  const blocks: ConverseReasoningContent[] = [];
  for (const block of own.reasoning) {
    if (!isRecord(block)) continue;
    const text = block.reasoningText;
    if (isRecord(text) && typeof text.text === 'string') {
      blocks.push({
        reasoningText: {
          text: text.text,
          ...(typeof text.signature === 'string' ? { signature: text.signature } : {}),
        },
      });
    } else if (typeof block.redactedContent === 'string') {
      blocks.push({ redactedContent: block.redactedContent });
    }
  }
  return blocks.length > 0 ? blocks : undefined;
}
