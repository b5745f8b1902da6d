import { describe, it } from 'vitest';
import { providerConformanceChecks } from './provider-checks.js';
import type { ProviderConformanceOptions } from './provider-options.js';

/**
 * Registers the provider conformance suite with vitest: one `describe` with an `it` per check, each
 * against a fresh recorded server replaying the adapter's fixtures. Call it at the top level of a
 * test file.
 *
 * @example
 * providerConformance({
 *   name: 'openai chat',
 *   makeProvider: (baseURL, { apiKey }) => openai({ baseURL: `${baseURL}/v1`, apiKey }),
 *   model: 'gpt-4o-mini',
 *   apiKey: 'sk-conformance-0000',
 *   fixtures: { text: { routes: fixtureRoute({ path: '/v1/chat/completions', fixture: 'openai-chat/text.json' }) }, ... },
 * });
 */
export function providerConformance(options: ProviderConformanceOptions): void {
  const checks = providerConformanceChecks(options);
  describe(`provider conformance: ${options.name ?? 'provider'}`, () => {
    for (const check of checks) {
      it(check.name, () => check.run(), options.timeoutMs);
    }
  });
}
