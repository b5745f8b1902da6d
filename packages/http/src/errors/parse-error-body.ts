import { isRecord } from '../wire/json-guards.js';
import { parseDuration } from './parse-retry-after.js';

/** What an error body says, in the shapes OpenAI, OpenAI-compatible servers and Google use. */
export interface ErrorBodyInfo {
  /** The human-readable message (`error.message`, `error` as a string, `message`, `detail`). */
  readonly message: string | undefined;
  /**
   * The provider's most specific code: Google's `ErrorInfo.reason` (`API_KEY_INVALID`), else a
   * string `error.code` (`invalid_api_key`), else Google's `error.status` (`RESOURCE_EXHAUSTED`), else
   * `error.type` (`invalid_request_error`).
   */
  readonly providerCode: string | undefined;
  /** Every code-like token in the body, lower-cased, for classification. */
  readonly tokens: readonly string[];
  /** An HTTP status the body names (`error.code: 429` from OpenRouter and Google, Groq's `status_code`). */
  readonly status: number | undefined;
  /** Google's `RetryInfo.retryDelay`, in milliseconds (clamped). */
  readonly retryDelayMs: number | undefined;
}

const EMPTY: ErrorBodyInfo = {
  message: undefined,
  providerCode: undefined,
  tokens: [],
  status: undefined,
  retryDelayMs: undefined,
};

/** Reads what it can from an error body (text or parsed JSON); never throws. */
export function parseErrorBody(body: unknown): ErrorBodyInfo {
  let json: unknown = body;
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return EMPTY;
    try {
      json = JSON.parse(trimmed);
    } catch {
      return EMPTY;
    }
  }
  // Google's streaming endpoint without alt=sse wraps the error in an array.
  if (Array.isArray(json)) json = json[0];
  if (!isRecord(json)) return EMPTY;

  const top = json;
  const error = isRecord(top.error) ? top.error : top;
  let message = firstString(
    error.message,
    typeof top.error === 'string' ? top.error : undefined,
    top.message,
  );
  if (message === undefined) message = detailMessage(top.detail);
  const metadata = isRecord(error.metadata) ? error.metadata : undefined;
  if (metadata !== undefined && typeof metadata.raw === 'string' && metadata.raw !== message) {
    // OpenRouter: "Provider returned error" plus the upstream provider's own words.
    message = message === undefined ? metadata.raw : `${message}: ${metadata.raw}`;
  }

  const stringCode = typeof error.code === 'string' && error.code !== '' ? error.code : undefined;
  const type = typeof error.type === 'string' && error.type !== '' ? error.type : undefined;
  const googleStatus =
    typeof error.status === 'string' && error.status !== '' ? error.status : undefined;
  let numericStatus = typeof error.code === 'number' ? error.code : undefined;
  if (numericStatus === undefined && typeof error.status === 'number') numericStatus = error.status;
  // Groq's stream error frames: `status_code: 400`.
  if (numericStatus === undefined && typeof error.status_code === 'number')
    numericStatus = error.status_code;
  const status =
    numericStatus !== undefined &&
    Number.isInteger(numericStatus) &&
    numericStatus >= 400 &&
    numericStatus <= 599
      ? numericStatus
      : undefined;

  const reasons: string[] = [];
  let retryDelayMs: number | undefined;
  if (Array.isArray(error.details)) {
    for (const detail of error.details) {
      if (!isRecord(detail)) continue;
      if (typeof detail.reason === 'string' && detail.reason !== '') reasons.push(detail.reason);
      if (retryDelayMs === undefined && detail.retryDelay !== undefined) {
        retryDelayMs = parseDuration(detail.retryDelay);
      }
    }
  }

  const awsType = awsErrorType(top.__type);
  const providerCode = reasons[0] ?? stringCode ?? googleStatus ?? type ?? awsType;
  const tokens = [...reasons, stringCode, googleStatus, type, awsType]
    .filter((token): token is string => token !== undefined)
    .map((token) => token.toLowerCase());
  return { message, providerCode, tokens, status, retryDelayMs };
}

/**
 * An AWS error type without its namespace and URL: `ValidationException` from
 * `com.amazon.coral.validate#ValidationException` or `ValidationException:http://…` (the
 * `__type` of a JSON error body and the `x-amzn-errortype` header).
 */
export function awsErrorType(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const name = (value.split('#').pop() ?? value).split(':')[0]?.trim();
  return name === '' ? undefined : name;
}

function detailMessage(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  // FastAPI / vLLM validation errors: [{ loc, msg, type }].
  if (Array.isArray(detail) && isRecord(detail[0]) && typeof detail[0].msg === 'string') {
    return detail[0].msg;
  }
  return undefined;
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return undefined;
}
