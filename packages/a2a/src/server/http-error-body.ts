import type { RequestFailure } from '@aigo/http';
import { JSONRPC_PATH } from './agent-card.js';

// The google.rpc status names A2A's HTTP+JSON binding uses in its error bodies.
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  408: 'DEADLINE_EXCEEDED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  421: 'PERMISSION_DENIED',
  431: 'INVALID_ARGUMENT',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/**
 * The body of an error `serveA2A` answers itself (refused, too large, malformed, failed): a
 * JSON-RPC error object on the JSON-RPC endpoint (`-32700` for JSON that does not parse, `-32603`
 * for an internal error, `-32000` otherwise), the HTTP+JSON binding's `{ error: { code, status,
 * message } }` elsewhere. Nothing of the request is echoed.
 */
export function a2aErrorBody(failure: RequestFailure): unknown {
  if (failure.path === JSONRPC_PATH || failure.path.startsWith(`${JSONRPC_PATH}/`)) {
    return {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: failure.code ?? (failure.status >= 500 ? -32603 : -32000),
        message: failure.message,
      },
    };
  }
  return {
    error: {
      code: failure.status,
      status: STATUS_NAMES[failure.status] ?? 'UNKNOWN',
      message: failure.message,
    },
  };
}
