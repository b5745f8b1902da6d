import assert from 'node:assert/strict';
import type { ConformanceCheck } from '../conformance-check.js';
import { describe as describeError } from '../expect-rejection.js';
import { routesOf } from './case-routes.js';
import type { ProviderHarness } from './provider-harness.js';
import { drain } from './read-stream.js';
import {
  assertEventOrder,
  assertResponseShape,
  assertToolCalls,
  matchContent,
} from './response-assertions.js';

/** `streamMessage` streams the `textStream` answer, `finish` last; `collect()` has the same text. */
export function streamTextCheck(h: ProviderHarness): ConformanceCheck {
  const testCase = h.fixtures.textStream;
  return {
    name: 'streamMessage streams the text answer, finish last',
    async run() {
      await h.withProvider(routesOf(testCase), async (provider) => {
        const { events, error } = await drain(await provider.streamMessage(h.requestFor(testCase)));
        assert.equal(error, undefined, `the stream failed: ${describeError(error)}`);
        assertEventOrder(events, 'streamMessage');
        const content = events
          .map((event) => (event.type === 'content' ? event.text : ''))
          .join('');
        matchContent(content, testCase.expect?.content, 'streamMessage');
        const collected = await (await provider.streamMessage(h.requestFor(testCase))).collect();
        assertResponseShape(collected, 'streamMessage collect()');
        assert.equal(
          collected.content,
          content,
          'collect() content differs from the streamed deltas',
        );
      });
    },
  };
}

/** `streamMessage` streams the `toolCallStream` tool calls as deltas; `collect()` joins them. */
export function streamToolCallsCheck(h: ProviderHarness): ConformanceCheck {
  const testCase = h.fixtures.toolCallStream;
  return {
    name: 'streamMessage returns tool calls (name, JSON arguments, id)',
    async run() {
      await h.withProvider(routesOf(testCase), async (provider) => {
        const { events, error } = await drain(await provider.streamMessage(h.requestFor(testCase)));
        assert.equal(error, undefined, `the stream failed: ${describeError(error)}`);
        assertEventOrder(events, 'streamMessage');
        assert.ok(
          events.some((event) => event.type === 'tool_call_delta'),
          'no tool_call_delta event',
        );
        const collected = await (await provider.streamMessage(h.requestFor(testCase))).collect();
        assertResponseShape(collected, 'streamMessage collect()');
        assertToolCalls(collected.toolCalls, testCase.expect?.toolName, 'streamMessage collect()');
        assert.equal(collected.finishReason, 'tool_calls', 'streamMessage collect(): finishReason');
      });
    },
  };
}
