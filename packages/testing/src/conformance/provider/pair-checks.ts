import assert from 'node:assert/strict';
import type { ConformanceCheck } from '../conformance-check.js';
import type { ProviderHarness } from './provider-harness.js';
import type { ProviderConformancePair } from './provider-options.js';

/** One check per pair: `collect()` of the streamed recording deep-equals the sent one's answer. */
export function pairChecks(
  h: ProviderHarness,
  pairs: readonly ProviderConformancePair[],
): ConformanceCheck[] {
  return pairs.map((pair, index) => {
    const sendCase = typeof pair.send === 'string' ? h.fixtures[pair.send] : pair.send;
    const streamCase = typeof pair.stream === 'string' ? h.fixtures[pair.stream] : pair.stream;
    const label =
      pair.name ??
      (typeof pair.send === 'string' && typeof pair.stream === 'string'
        ? `${pair.send} / ${pair.stream}`
        : `pair ${index + 1}`);
    return {
      name: `stream collect() deep-equals sendMessage on the same exchange (${label})`,
      async run() {
        const sent = await h.send(sendCase);
        const collected = await h.collect(streamCase);
        assert.deepStrictEqual(collected, sent);
      },
    };
  });
}
