import assert from 'node:assert/strict';
import type { ChatResponse } from '@aigo/ai';
import { assertValidUsage } from '../assert-valid-usage.js';
import type { ConformanceCheck } from '../conformance-check.js';
import type { ProviderHarness } from './provider-harness.js';

/** Usage of every answer, sent and streamed: valid counts, never NaN. */
export function usageCheck(h: ProviderHarness): ConformanceCheck {
  return {
    name: 'usage counts are non-negative integers (never NaN), cached ⊆ prompt, reasoning ⊆ completion',
    async run() {
      const responses: Array<[string, ChatResponse]> = [
        ['text', await h.send(h.fixtures.text)],
        ['toolCall', await h.send(h.fixtures.toolCall)],
        ['textStream', await h.collect(h.fixtures.textStream)],
        ['toolCallStream', await h.collect(h.fixtures.toolCallStream)],
      ];
      for (const [label, response] of responses) {
        assertValidUsage(response.usage, `${label}: usage`);
        for (const key of ['promptTokens', 'completionTokens', 'totalTokens'] as const) {
          const value = response.usage?.[key];
          assert.ok(
            value === undefined || Number.isFinite(value),
            `${label}: usage.${key} is ${String(value)}`,
          );
        }
      }
    },
  };
}
