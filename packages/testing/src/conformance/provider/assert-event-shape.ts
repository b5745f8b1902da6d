import assert from 'node:assert/strict';
import { FINISH_REASONS, type StreamEvent } from '@aigo/ai';

const TYPES = [
  'start',
  'content',
  'reasoning',
  'refusal',
  'tool_call_delta',
  'metadata',
  'media',
  'usage',
  'finish',
];

/**
 * One streamed event is a `StreamEvent` of `@aigo/ai`: a known `type` and the fields of that type
 * with the right types — what `@aigo/client` checks every event of every stream against (and fails
 * the call with `InvalidProviderResponseError` when one is not).
 */
export function assertEventShape(event: StreamEvent, where: string): void {
  assert.ok(
    event !== null && typeof event === 'object',
    `${where}: an event must be a StreamEvent object, got ${String(event)}`,
  );
  const e = event as unknown as { readonly [key: string]: unknown };
  const string = (key: string, optional = false) => {
    if (optional && e[key] === undefined) return;
    assert.equal(
      typeof e[key],
      'string',
      `${where}: a "${String(e.type)}" event's ${key} must be a string`,
    );
  };
  switch (event.type) {
    case 'start':
      string('id');
      string('model');
      return;
    case 'content':
    case 'reasoning':
    case 'refusal':
      string('text');
      return;
    case 'tool_call_delta':
      assert.ok(
        Number.isInteger(e.index) && (e.index as number) >= 0,
        `${where}: a "tool_call_delta" event's index must be an integer ≥ 0, got ${String(e.index)}`,
      );
      string('argumentsDelta');
      string('id', true);
      string('name', true);
      return;
    case 'metadata':
      for (const key of ['codeExecutions', 'images', 'audio', 'videos']) {
        assert.ok(
          e[key] === undefined || Array.isArray(e[key]),
          `${where}: a "metadata" event's ${key} must be an array`,
        );
      }
      return;
    case 'media':
      assert.ok(
        typeof event.media?.mimeType === 'string' && typeof event.partial === 'boolean',
        `${where}: a "media" event needs media.mimeType (a string) and partial (a boolean)`,
      );
      assert.ok(
        Number.isInteger(event.index) && event.index >= 0,
        `${where}: a "media" event's index must be an integer ≥ 0`,
      );
      return;
    case 'usage':
      return; // checked with assertValidUsage
    case 'finish':
      assert.ok(
        FINISH_REASONS.includes(event.finishReason),
        `${where}: finish reason "${String(event.finishReason)}" is not one of ${FINISH_REASONS.join(', ')}`,
      );
      string('rawFinishReason', true);
      return;
    default:
      assert.fail(
        `${where}: an event of unknown type ${JSON.stringify(e.type)}; a StreamEvent's type is one of ${TYPES.join(', ')}`,
      );
  }
}
