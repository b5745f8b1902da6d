import { ValidationError } from '@aigo/ai';

/** The public Gemini API (v1beta), used when neither `baseURL` nor `GEMINI_API_BASE_URL` is set. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

/** The model used when a request names none. */
export const GEMINI_DEFAULT_MODEL = 'gemini-2.5-flash-lite';

/**
 * The resource path of a model: `gemini-2.5-flash` and `models/gemini-2.5-flash` become
 * `models/gemini-2.5-flash`; a tuned model (`tunedModels/my-model`) keeps its collection. Each
 * segment is URL-encoded, so a model id can never change the path or add a query.
 */
export function modelResourcePath(model: string): string {
  if (typeof model !== 'string' || model.trim() === '') {
    throw new ValidationError('model', 'must be a non-empty string');
  }
  const trimmed = model.trim();
  const segments = trimmed.includes('/') ? trimmed.split('/') : ['models', trimmed];
  if (
    segments.length !== 2 ||
    segments.some((segment) => segment === '' || segment === '..' || segment === '.')
  ) {
    throw new ValidationError(
      'model',
      `must be a model id such as "gemini-2.5-flash", got "${trimmed}"`,
    );
  }
  return segments.map(encodeURIComponent).join('/');
}

/** `{base}/models/{model}:generateContent`. */
export function generateContentUrl(baseURL: string, model: string): string {
  return `${baseURL}/${modelResourcePath(model)}:generateContent`;
}

/** `{base}/models/{model}:streamGenerateContent?alt=sse`, or without `alt=sse` for a JSON-array stream. */
export function streamGenerateContentUrl(baseURL: string, model: string, sse: boolean): string {
  return `${baseURL}/${modelResourcePath(model)}:streamGenerateContent${sse ? '?alt=sse' : ''}`;
}

/** `{base}/models/{model}:countTokens`. */
export function countTokensUrl(baseURL: string, model: string): string {
  return `${baseURL}/${modelResourcePath(model)}:countTokens`;
}
