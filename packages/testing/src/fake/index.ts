/**
 * `@aigo/testing/fake` — the scripted fake provider and the stream simulators alone, without the
 * conformance suites (which load vitest) or the recorded-payload server. Programs that run a scripted
 * model outside a test (an offline demo) import this subpath.
 *
 * @packageDocumentation
 */

export { type EstimatedOutput, estimateTokens, estimateUsage } from './estimate-usage.js';
export {
  createFakeEmbedder,
  type FakeEmbedCall,
  type FakeEmbedder,
  type FakeEmbedderOptions,
} from './fake-embedder.js';
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
} from './fake-provider.js';
export { fragmentResponse } from './fragment-events.js';
export {
  createStreamSimulator,
  type StreamFromEventsOptions,
  type StreamSimulator,
  type StreamSimulatorOptions,
  streamFromEvents,
} from './stream-simulator.js';
