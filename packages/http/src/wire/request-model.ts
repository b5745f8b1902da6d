import { ValidationError } from '@aigo/ai';

/**
 * The model a request goes to: its own `model` (trimmed), else the provider's default.
 *
 * @throws ValidationError naming `request` when it is not an object, `request.model` when it is
 *   not a string, or when neither it nor a default names a model.
 */
export function requestModel(request: unknown, defaultModel: string | undefined): string {
  if (request === null || typeof request !== 'object') {
    throw new ValidationError('request', 'must be a ChatRequest');
  }
  const own = (request as { model?: unknown }).model;
  if (own !== undefined && typeof own !== 'string') {
    throw new ValidationError('request.model', 'must be a string');
  }
  const model = own?.trim() || defaultModel;
  if (model === undefined) {
    throw new ValidationError('request.model', 'is required (or set defaultModel on the provider)');
  }
  return model;
}
