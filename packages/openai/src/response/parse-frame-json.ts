import type { ChatStreamController } from '@aigo/ai';
import type { StreamFrame } from '@aigo/http';
import { invalidResponse, isRecord, type JsonRecord } from '@aigo/http';

/**
 * The JSON object of a frame's `data`, or `undefined` after failing the stream with
 * `invalid_response` (a chunk that is not a JSON object: a proxy's garbage, a cut line).
 */
export function parseFrameJson(
  frame: StreamFrame,
  controller: ChatStreamController,
  providerId: string,
): JsonRecord | undefined {
  let json: unknown;
  try {
    json = JSON.parse(frame.data);
  } catch (error) {
    controller.error(invalidResponse(providerId, 'stream sent a chunk that is not JSON', error));
    return undefined;
  }
  if (!isRecord(json)) {
    controller.error(invalidResponse(providerId, 'stream sent a chunk that is not a JSON object'));
    return undefined;
  }
  return json;
}
