/**
 * `@aigo/testing` — what aigo's own tests and every adapter's tests use: a recorded-payload HTTP
 * server with fault injection, the recorded fixtures, a scripted fake provider, stream simulators,
 * and the provider and memory conformance suites.
 *
 * @packageDocumentation
 */

export { type Deferred, deferred } from './async/deferred.js';
export { assertNoSecretLeak } from './conformance/assert-no-secret-leak.js';
export { assertValidUsage } from './conformance/assert-valid-usage.js';
export type { ConformanceCheck } from './conformance/conformance-check.js';
export {
  type EmbeddingConformanceOptions,
  embeddingConformance,
  embeddingConformanceChecks,
} from './conformance/embeddings/embedding-conformance.js';
export {
  type CheckpointerConformanceOptions,
  checkpointerConformanceChecks,
} from './conformance/graph/checkpointer-checks.js';
export {
  checkpointerConformance,
  graphRunQueueConformance,
} from './conformance/graph/graph-conformance.js';
export {
  type GraphRunQueueConformanceOptions,
  graphRunQueueConformanceChecks,
} from './conformance/graph/graph-run-queue-checks.js';
export {
  type MemoryConformanceOptions,
  memoryConformanceChecks,
  ROUND_TRIP_MESSAGES,
} from './conformance/memory/memory-checks.js';
export { memoryConformance } from './conformance/memory/memory-conformance.js';
export { providerConformanceChecks } from './conformance/provider/provider-checks.js';
export { providerConformance } from './conformance/provider/provider-conformance.js';
export type {
  ProviderCaseExpectation,
  ProviderConformanceCase,
  ProviderConformanceCaseName,
  ProviderConformanceContext,
  ProviderConformanceFixtures,
  ProviderConformanceOptions,
  ProviderConformancePair,
} from './conformance/provider/provider-options.js';
export {
  type RunStoreConformanceOptions,
  runStoreConformanceChecks,
  sampleSuspendedRun,
} from './conformance/run-store/run-store-checks.js';
export { runStoreConformance } from './conformance/run-store/run-store-conformance.js';
export { sseStallPoint } from './conformance/stall-point.js';
export { fixtureRecords, seededVectors } from './conformance/vectors/vector-fixtures.js';
export {
  bruteForce,
  CONFORMANCE_FILTERS,
  vectorStoreConformanceChecks,
} from './conformance/vectors/vector-store-checks.js';
export { vectorStoreConformance } from './conformance/vectors/vector-store-conformance.js';
export type {
  MakeVectorStoreOptions,
  VectorStoreConformanceOptions,
} from './conformance/vectors/vector-store-options.js';
export { joinTextDeltas } from './events/join-text-deltas.js';
// The fake provider and the stream simulators: listed once, in the `@aigo/testing/fake` entry.
export * from './fake/index.js';
export {
  createRecordingObserver,
  type Measurement,
  type RecordedLog,
  type RecordedSpan,
  type RecordedSpanEvent,
  type RecordingObserver,
  type RecordingObserverOptions,
} from './observer/recording-observer.js';
export { cutAtRandom } from './random/cut-at-random.js';
export { seededRandom } from './random/seeded-random.js';
// The recording proxy and its replaying routes: listed once, in the `@aigo/testing/recording` entry.
export * from './recording/index.js';
export { type FixtureRouteOptions, fixtureRoute } from './server/fixture-route.js';
export {
  fixturePath,
  fixturesDirectory,
  loadFixture,
  loadFixtureBytes,
  loadFixtureJson,
} from './server/fixtures.js';
export { loadPageFixture, PAGE_FIXTURES, type PageFixtureName } from './server/page-fixtures.js';
export { piecewiseRoute } from './server/piecewise-route.js';
export {
  type RawHttpExchange,
  type RawHttpExchangeOptions,
  rawHttpExchange,
} from './server/raw-http.js';
export type { Fault, RecordedRequest, RecordedRoute } from './server/recorded-route.js';
export {
  type RecordedServer,
  type RecordedServerOptions,
  startRecordedServer,
} from './server/recorded-server.js';
export { type SseFromChunksOptions, sseFromChunksJsonl } from './server/sse-from-chunks.js';
// The soak's call kinds, tool and text: listed once, in the `@aigo/testing/soak` entry.
export * from './soak/index.js';
