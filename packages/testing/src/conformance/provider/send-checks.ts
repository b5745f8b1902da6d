import assert from 'node:assert/strict';
import type { ConformanceCheck } from '../conformance-check.js';
import { routesOf } from './case-routes.js';
import type { ProviderHarness } from './provider-harness.js';
import { assertResponseShape, assertToolCalls, matchContent } from './response-assertions.js';

/** `sendMessage` returns the `text` case's answer: shape, content, no tool calls, valid usage. */
export function sendTextCheck(h: ProviderHarness): ConformanceCheck {
  return {
    name: 'sendMessage returns the text answer',
    async run() {
      const response = await h.send(h.fixtures.text);
      assertResponseShape(response, 'sendMessage');
      matchContent(response.content, h.fixtures.text.expect?.content, 'sendMessage');
      assert.equal(response.toolCalls.length, 0, 'sendMessage: a text answer has no tool calls');
    },
  };
}

/** One `sendMessage` is one HTTP request carrying the model (body or path) and the API key. */
export function sendsModelAndKeyCheck(h: ProviderHarness): ConformanceCheck {
  return {
    name: 'sendMessage sends the model and the API key in one request',
    async run() {
      await h.withProvider(routesOf(h.fixtures.text), async (provider, server) => {
        await provider.sendMessage(h.requestFor(h.fixtures.text));
        assert.equal(server.requests.length, 1, 'one call must make exactly one HTTP request');
        const wire = server.requests[0];
        assert.ok(wire !== undefined);
        assert.ok(
          wire.rawBody.includes(h.model) || decodeURIComponent(wire.path).includes(h.model),
          `the model "${h.model}" is neither in the request body nor in its path`,
        );
        const carriers = [...Object.values(wire.headers), ...Object.values(wire.query)];
        assert.ok(
          carriers.some((value) => value.includes(h.apiKey)),
          'the API key is in no request header and no query parameter',
        );
      });
    },
  };
}

/** `sendMessage` returns the `toolCall` case's tool calls with `finishReason` `tool_calls`. */
export function sendToolCallsCheck(h: ProviderHarness): ConformanceCheck {
  return {
    name: 'sendMessage returns tool calls (name, JSON arguments, id)',
    async run() {
      const response = await h.send(h.fixtures.toolCall);
      assertResponseShape(response, 'sendMessage');
      assertToolCalls(response.toolCalls, h.fixtures.toolCall.expect?.toolName, 'sendMessage');
      assert.equal(response.finishReason, 'tool_calls', 'sendMessage: finishReason');
    },
  };
}
