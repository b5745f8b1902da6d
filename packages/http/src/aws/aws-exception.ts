import type { ProviderError } from '@aigo/ai';
import { errorFromResponse } from '../errors/error-from-response.js';
import { isRecord } from '../wire/json-guards.js';

/**
 * The HTTP status each exception of an AWS event stream stands for, so a failure inside a stream
 * is retryable exactly when the same exception answered to a call is: throttling (429) and
 * unavailability (503) and internal errors (500) yes; validation (400) and model stream errors
 * (424) no.
 */
const EXCEPTION_STATUS: Readonly<Record<string, number>> = {
  throttlingexception: 429,
  servicequotaexceededexception: 429,
  modelnotreadyexception: 429,
  serviceunavailableexception: 503,
  internalserverexception: 500,
  modelstreamerrorexception: 424,
  validationexception: 400,
  accessdeniedexception: 403,
  modeltimeoutexception: 408,
};

/**
 * The `ProviderError` of an `exception` frame of an AWS event stream (as `awsEventStreamDecoding`
 * delivers it: JSON with `__type` and `message`), with the status the exception stands for.
 */
export function awsStreamException(
  provider: string,
  data: string,
  secrets: readonly string[],
): ProviderError {
  let body: unknown = data;
  try {
    body = JSON.parse(data);
  } catch {
    // Kept as text.
  }
  const type = isRecord(body) && typeof body.__type === 'string' ? body.__type : undefined;
  const status = type === undefined ? undefined : EXCEPTION_STATUS[type.toLowerCase()];
  return errorFromResponse({
    provider,
    ...(status === undefined ? {} : { status }),
    body,
    secrets,
  });
}
