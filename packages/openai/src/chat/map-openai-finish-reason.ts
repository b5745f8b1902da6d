import type { FinishReason } from '@aigo/ai';

/**
 * Normalises a Chat Completions `finish_reason`. `function_call` (the legacy form) counts as
 * `tool_calls`. A response that carries tool calls finishes as `tool_calls` even when the server
 * said `stop` (Ollama and several compatible servers do), so a tool loop never mistakes it for a
 * final answer; the server's own value stays in `rawFinishReason`.
 */
export function mapOpenAIFinishReason(
  raw: string | null | undefined,
  hasToolCalls: boolean,
): FinishReason {
  switch (raw) {
    case 'stop':
    case 'eos':
    case 'end_turn':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'length':
    case 'max_tokens':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    case 'error':
      return 'error';
    case null:
    case undefined:
      return hasToolCalls ? 'tool_calls' : 'other';
    default:
      return hasToolCalls ? 'tool_calls' : 'other';
  }
}
