/**
 * `@aigo/testing/recording` — record a provider's traffic once, replay it ever after: the recording
 * proxy and the routes that replay its folders, without the conformance suites (which load vitest).
 * Tools that record model traffic outside a test (`@aigo/evals`) import this subpath.
 *
 * @packageDocumentation
 */

export { publicQuery, requestKey } from './recording-key.js';
export {
  type RecordingMiss,
  type RecordingProxy,
  type RecordingProxyOptions,
  startRecordingProxy,
} from './recording-proxy.js';
export { recordingRoutes } from './recording-routes.js';
export { RECORDING_INDEX, type RecordedExchange, readRecordingIndex } from './recording-store.js';
