import {
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
} from '@aigo/ai';

/**
 * Attributes that hold message content — prompts, answers, system instructions, tool arguments and
 * results. They reach OpenTelemetry only when `captureContent` is on, and never reach metrics.
 */
export const CONTENT_ATTRIBUTES: ReadonlySet<string> = new Set([
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  'gen_ai.tool.call.arguments',
  'gen_ai.tool.call.result',
  // Older GenAI conventions.
  'gen_ai.prompt',
  'gen_ai.completion',
]);

/** Span events of older GenAI conventions whose attributes are message content. */
export const CONTENT_EVENTS: ReadonlySet<string> = new Set([
  'gen_ai.content.prompt',
  'gen_ai.content.completion',
  'gen_ai.system.message',
  'gen_ai.user.message',
  'gen_ai.assistant.message',
  'gen_ai.tool.message',
  'gen_ai.choice',
]);
