import type { CallOptions } from '@aigo/ai';

/** The span attributes of a fallback's attempts. */
export const ATTR_AIGO_FALLBACK = Object.freeze({
  /** On each attempt's `chat` span: which try of the call it is (1 for the first). */
  attempt: 'aigo.fallback.attempt',
  /** On each attempt's `chat` span: the entry it went to (`openai:gpt-4o`); on the call's span, the entry that answered. */
  entry: 'aigo.fallback.entry',
  /** On the call's span: the entries, in order. */
  entries: 'aigo.fallback.entries',
  /** On the call's span: how many entries were tried. */
  attempts: 'aigo.fallback.attempts',
} as const);

/** The span event on a fallback call's span each time it moves on from (or skips) an entry. */
export const FALLBACK_EVENT = 'aigo.fallback';

/** Which entry, and which try of the call, one attempt of a fallback call is. */
export interface RouteAttempt {
  /** `<provider id>:<model>`: the name the attempt is priced and recorded under. */
  readonly key: string;
  /** The entry's label (`openai:gpt-4o`, or the provider id for an entry without a model). */
  readonly label: string;
  /** 1 for the call's first try. */
  readonly attempt: number;
}

/** Where a fallback attempt's facts travel with its call options, through the entry's layers. */
const ROUTE_ATTEMPT: unique symbol = Symbol('aigo.routeAttempt');

type WithAttempt = CallOptions & { readonly [ROUTE_ATTEMPT]?: RouteAttempt };

/** `options` for one attempt of a fallback call. */
export function withRouteAttempt(options: CallOptions, attempt: RouteAttempt): CallOptions {
  return { ...options, [ROUTE_ATTEMPT]: attempt } as WithAttempt;
}

/** The fallback attempt `options` belong to, if any (the observability middleware reads it). */
export function routeAttemptOf(options: CallOptions): RouteAttempt | undefined {
  return (options as WithAttempt)[ROUTE_ATTEMPT];
}
