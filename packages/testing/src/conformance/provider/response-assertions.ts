import assert from 'node:assert/strict';
import { type ChatResponse, FINISH_REASONS, type StreamEvent, type ToolCall } from '@aigo/ai';
import { assertValidUsage } from '../assert-valid-usage.js';
import { assertEventShape } from './assert-event-shape.js';

/** `actual` is non-empty text, equal to a string or matching a RegExp when one is expected. */
export function matchContent(
  actual: string,
  expected: string | RegExp | undefined,
  where: string,
): void {
  assert.equal(typeof actual, 'string', `${where}: content must be a string`);
  if (expected === undefined) {
    assert.ok(actual.length > 0, `${where}: content is empty`);
  } else if (typeof expected === 'string') {
    assert.equal(actual, expected, `${where}: content`);
  } else {
    assert.match(actual, expected, `${where}: content`);
  }
}

/** The fields every `ChatResponse` has, with the types the contract gives them. */
export function assertResponseShape(response: ChatResponse, where: string): void {
  assert.ok(response !== null && typeof response === 'object', `${where}: not a response object`);
  assert.equal(typeof response.id, 'string', `${where}: id must be a string`);
  assert.equal(typeof response.model, 'string', `${where}: model must be a string`);
  assert.equal(typeof response.content, 'string', `${where}: content must be a string`);
  assert.ok(Array.isArray(response.toolCalls), `${where}: toolCalls must be an array`);
  assert.ok(
    FINISH_REASONS.includes(response.finishReason),
    `${where}: finishReason "${String(response.finishReason)}" is not one of ${FINISH_REASONS.join(', ')}`,
  );
  assertValidUsage(response.usage, `${where}: usage`);
}

/** At least one tool call, each with an id, `function` type, a name and JSON arguments. */
export function assertToolCalls(
  calls: readonly ToolCall[],
  toolName: string | undefined,
  where: string,
): void {
  assert.ok(calls.length > 0, `${where}: no tool calls`);
  for (const [index, call] of calls.entries()) {
    const at = `${where}: toolCalls[${index}]`;
    assert.equal(typeof call.id, 'string', `${at}.id must be a string`);
    assert.ok(call.id.length > 0, `${at}.id is empty`);
    assert.equal(call.type, 'function', `${at}.type`);
    assert.ok(
      typeof call.function?.name === 'string' && call.function.name.length > 0,
      `${at}.function.name is empty`,
    );
    assert.equal(
      typeof call.function.arguments,
      'string',
      `${at}.function.arguments must be a JSON string`,
    );
    try {
      JSON.parse(call.function.arguments);
    } catch {
      assert.fail(
        `${at}.function.arguments is not valid JSON: ${call.function.arguments.slice(0, 200)}`,
      );
    }
  }
  if (toolName !== undefined)
    assert.equal(calls[0]?.function.name, toolName, `${where}: the first tool's name`);
}

/**
 * Every event a `StreamEvent` of a known type with well-typed fields, exactly one `finish`, last,
 * and valid usage in every `usage` event.
 */
export function assertEventOrder(events: readonly StreamEvent[], where: string): void {
  for (const event of events) assertEventShape(event, where);
  assert.ok(events.length > 0, `${where}: the stream produced no events`);
  const finishes = events.filter((event) => event.type === 'finish').length;
  assert.equal(finishes, 1, `${where}: expected exactly one finish event, got ${finishes}`);
  assert.equal(events.at(-1)?.type, 'finish', `${where}: finish must be the last event`);
  for (const event of events) {
    if (event.type === 'usage') assertValidUsage(event.usage, `${where}: usage event`);
  }
}
