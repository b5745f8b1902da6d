import { type ChatRequest, type Message, ROLES, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { OpenAISettings } from '../shared/openai-settings.js';

/**
 * Checks the parts of a `ChatRequest` every OpenAI body needs and returns the model to use (the
 * request's, else the provider's `defaultModel`). Throws a `ValidationError` naming the field.
 */
export function validateRequest(request: ChatRequest, settings: OpenAISettings): string {
  if (!isRecord(request)) throw new ValidationError('request', 'must be a ChatRequest object');
  const model =
    typeof request.model === 'string' && request.model !== ''
      ? request.model
      : settings.defaultModel;
  if (model === undefined) {
    throw new ValidationError(
      'request.model',
      'must name a model: set defaultModel on the client (createClient(provider, { defaultModel })), or on the provider, or give the request a model',
    );
  }
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('request.messages', 'must be an array of messages');
  }
  request.messages.forEach((message: Message, index: number) => {
    if (!isRecord(message) || !ROLES.includes(message.role)) {
      throw new ValidationError(
        `request.messages[${index}]`,
        `must be a message with a role of ${ROLES.join(', ')}`,
      );
    }
    if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
      throw new ValidationError(
        `request.messages[${index}].content`,
        'must be a string or an array of parts',
      );
    }
  });
  if (request.systemPrompt !== undefined && typeof request.systemPrompt !== 'string') {
    throw new ValidationError('request.systemPrompt', 'must be a string');
  }
  for (const key of ['temperature', 'topP', 'seed'] as const) {
    const value = request[key];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new ValidationError(`request.${key}`, 'must be a finite number');
    }
  }
  const max = request.maxOutputTokens;
  if (max !== undefined && (!Number.isInteger(max) || max <= 0)) {
    throw new ValidationError('request.maxOutputTokens', 'must be a positive integer');
  }
  if (
    request.stop !== undefined &&
    (!Array.isArray(request.stop) || request.stop.some((s) => typeof s !== 'string'))
  ) {
    throw new ValidationError('request.stop', 'must be an array of strings');
  }
  if (request.tools !== undefined && !Array.isArray(request.tools)) {
    throw new ValidationError('request.tools', 'must be an array of tools');
  }
  return model;
}
