import { ValidationError } from '@aigo/ai';
import type { Meter, Tracer } from '@opentelemetry/api';

/** Options of `createOtelObserver`. */
export interface OtelObserverOptions {
  /** Where spans go. Default: the global tracer provider's `@aigo/otel` tracer. */
  readonly tracer?: Tracer;
  /** Where metrics go. Default: the global meter provider's `@aigo/otel` meter. */
  readonly meter?: Meter;
  /**
   * Record message content — prompts, answers, system instructions, tool call arguments and
   * results — as span attributes (default false: content often holds personal data).
   */
  readonly captureContent?: boolean;
}

/** The options, checked. */
export interface ResolvedOtelOptions {
  readonly tracer: Tracer | undefined;
  readonly meter: Meter | undefined;
  readonly captureContent: boolean;
}

const OPTION_NAMES = new Set(['tracer', 'meter', 'captureContent']);

/** @throws ValidationError naming the option that is wrong. */
export function resolveOtelOptions(options: OtelObserverOptions): ResolvedOtelOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.has(name)) {
      throw new ValidationError(
        `options.${name}`,
        `is not an option (expected one of ${[...OPTION_NAMES].join(', ')})`,
      );
    }
  }
  const { tracer, meter, captureContent } = options;
  if (
    tracer !== undefined &&
    (tracer === null || typeof tracer !== 'object' || typeof tracer.startSpan !== 'function')
  ) {
    throw new ValidationError('options.tracer', 'must be an OpenTelemetry Tracer (startSpan)');
  }
  if (
    meter !== undefined &&
    (meter === null ||
      typeof meter !== 'object' ||
      typeof meter.createHistogram !== 'function' ||
      typeof meter.createCounter !== 'function')
  ) {
    throw new ValidationError(
      'options.meter',
      'must be an OpenTelemetry Meter (createCounter, createHistogram)',
    );
  }
  if (captureContent !== undefined && typeof captureContent !== 'boolean') {
    throw new ValidationError('options.captureContent', 'must be a boolean');
  }
  return { tracer, meter, captureContent: captureContent ?? false };
}
