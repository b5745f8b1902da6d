import { checkOptionKeys, ValidationError } from '@aigo/ai';
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

/** What is wrong with an option's value, or `undefined` when it is fine. */
type Check = (value: unknown) => string | undefined;

/** Every option, with the check of its value (an unset option is not checked). */
const CHECKS: { readonly [Name in keyof OtelObserverOptions]-?: Check } = {
  tracer: (value) =>
    isObjectWith(value, ['startSpan']) ? undefined : 'must be an OpenTelemetry Tracer (startSpan)',
  meter: (value) =>
    isObjectWith(value, ['createCounter', 'createHistogram'])
      ? undefined
      : 'must be an OpenTelemetry Meter (createCounter, createHistogram)',
  captureContent: (value) => (typeof value === 'boolean' ? undefined : 'must be a boolean'),
};

/** @throws ValidationError naming the option that is wrong (`options.tracer`). */
export function resolveOtelOptions(options: OtelObserverOptions): ResolvedOtelOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  checkOptionKeys(options, Object.keys(CHECKS), { owner: 'createOtelObserver()' });
  for (const [name, value] of Object.entries(options)) {
    const check = CHECKS[name as keyof typeof CHECKS];
    const problem = value === undefined ? undefined : check(value);
    if (problem !== undefined) throw new ValidationError(`options.${name}`, problem);
  }
  return {
    tracer: options.tracer,
    meter: options.meter,
    captureContent: options.captureContent ?? false,
  };
}

function isObjectWith(value: unknown, methods: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function')
  );
}
