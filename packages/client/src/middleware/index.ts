export { hooksMiddleware, type RequestHooks } from './hooks-middleware.js';
export {
  type LogFields,
  type LogFieldValue,
  type LoggingLevel,
  type LoggingOptions,
  loggingMiddleware,
  type MiddlewareLogger,
} from './logging-middleware.js';
export {
  type ComposedCalls,
  composeMiddleware,
  type Middleware,
  type SendNext,
  type StreamNext,
} from './middleware.js';
export { type ObservabilityOptions, observabilityMiddleware } from './observability-middleware.js';
export {
  isRetryableError,
  type RetryAttempt,
  type RetryConfig,
  retryMiddleware,
} from './retry-middleware.js';
export { ATTR_AIGO_COST } from './span-cost-attributes.js';
export { type TimeoutConfig, timeoutMiddleware } from './timeout-middleware.js';
