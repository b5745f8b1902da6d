import { AigoError } from '@aigo/ai';

/** `error.type`: the aigo error code (`rate_limited`, `timeout`…), else the error's class name. */
export function errorType(error: unknown): string {
  if (AigoError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.name;
  return '_OTHER';
}
