/**
 * `@aigo/testing` — what aigo's own tests and every adapter's tests use: a recorded-payload HTTP
 * server with fault injection, the recorded fixtures, a scripted fake provider, stream simulators,
 * and the provider and memory conformance suites.
 *
 * @packageDocumentation
 */

export { assertNoSecretLeak } from './conformance/assert-no-secret-leak.js';
export { assertValidUsage } from './conformance/assert-valid-usage.js';
export type { ConformanceCheck } from './conformance/conformance-check.js';
export {
  type MemoryConformanceOptions,
  memoryConformanceChecks,
  ROUND_TRIP_MESSAGES,
} from './conformance/memory-checks.js';
export { memoryConformance } from './conformance/memory-conformance.js';
export {
  type ProviderCaseExpectation,
  type ProviderConformanceCase,
  type ProviderConformanceCaseName,
  type ProviderConformanceContext,
  type ProviderConformanceFixtures,
  type ProviderConformanceOptions,
  type ProviderConformancePair,
  providerConformanceChecks,
} from './conformance/provider-checks.js';
export { providerConformance } from './conformance/provider-conformance.js';
export { sseStallPoint } from './conformance/stall-point.js';
export { joinTextDeltas } from './events/join-text-deltas.js';
export { type EstimatedOutput, estimateTokens, estimateUsage } from './fake/estimate-usage.js';
export {
  createFakeProvider,
  type FakeCall,
  type FakeErrorOptions,
  type FakeProvider,
  type FakeProviderOptions,
  type FakeRequestHandler,
  type FakeResponseInit,
  type FakeTextOptions,
  type FakeToolArguments,
  type FakeToolCallOptions,
  type FakeToolCallSpec,
  type FakeToolCallsOptions,
} from './fake/fake-provider.js';
export { fragmentResponse } from './fake/fragment-events.js';
export {
  createStreamSimulator,
  type StreamFromEventsOptions,
  type StreamSimulator,
  type StreamSimulatorOptions,
  streamFromEvents,
} from './fake/stream-simulator.js';
export { type FixtureRouteOptions, fixtureRoute } from './server/fixture-route.js';
export {
  fixturePath,
  fixturesDirectory,
  loadFixture,
  loadFixtureBytes,
  loadFixtureJson,
} from './server/fixtures.js';
export type { Fault, RecordedRequest, RecordedRoute } from './server/recorded-route.js';
export {
  type RecordedServer,
  type RecordedServerOptions,
  startRecordedServer,
} from './server/recorded-server.js';
export { type SseFromChunksOptions, sseFromChunksJsonl } from './server/sse-from-chunks.js';
