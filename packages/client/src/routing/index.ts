/** Routing across providers and models: `fallback` and `createRegistry`. */

export type { CircuitBreakerOptions } from './circuit-breaker.js';
export { DEFAULT_CIRCUIT_BREAKER } from './circuit-breaker.js';
export type { FallbackEntry, FallbackEntryInput } from './fallback-entries.js';
export { isFallbackError } from './fallback-errors.js';
export {
  type FallbackOptions,
  FallbackProvider,
  fallback,
  isFallbackProvider,
} from './fallback-provider.js';
export {
  createRegistry,
  ModelRegistry,
  type RegistryOptions,
  type ResolvedModel,
} from './model-registry.js';
export { ATTR_AIGO_FALLBACK, FALLBACK_EVENT } from './route-attempt.js';
export type { RouteEntry } from './route-entry.js';
export type { EntryCall, FallbackListener, Routed } from './run-fallback.js';
