import type { ProviderMetadata } from '../json.js';
import type { CodeExecution, GeneratedMedia, Grounding } from '../messages/media.js';
import type { ToolCall } from '../messages/tool-call.js';
import type { FinishReason } from './finish-reason.js';
import type { Usage } from './usage.js';

/**
 * What a model answered. `content` and `toolCalls` are always present (empty when there are none);
 * every other optional field is absent rather than empty, so a streamed response collected with
 * `ChatStream.collect()` deep-equals the one `sendMessage` returns for the same exchange.
 */
export interface ChatResponse {
  readonly id: string;
  readonly model: string;
  readonly content: string;
  readonly toolCalls: readonly ToolCall[];
  readonly finishReason: FinishReason;
  /** The provider's own finish reason (`end_turn`, `MAX_TOKENS`, …) when it sent one. */
  readonly rawFinishReason?: string;
  readonly usage?: Usage;
  readonly reasoning?: string;
  readonly refusal?: string;
  readonly images?: readonly GeneratedMedia[];
  readonly audio?: readonly GeneratedMedia[];
  readonly videos?: readonly GeneratedMedia[];
  readonly codeExecutions?: readonly CodeExecution[];
  readonly grounding?: Grounding;
  readonly providerMetadata?: ProviderMetadata;
}

/** True when the response asks for no tool call: the model is done. */
export function isStopMessage(response: Pick<ChatResponse, 'toolCalls'> | undefined): boolean {
  return response === undefined || response.toolCalls.length === 0;
}
