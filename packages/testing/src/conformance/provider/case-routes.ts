import { ValidationError } from '@aigo/ai';
import type { Fault, RecordedRoute } from '../../server/recorded-route.js';
import { sseStallPoint } from '../stall-point.js';
import type { ProviderConformanceCase } from './provider-options.js';

/** The case's routes as a new array. */
export function routesOf(testCase: ProviderConformanceCase): RecordedRoute[] {
  return Array.isArray(testCase.routes)
    ? [...(testCase.routes as readonly RecordedRoute[])]
    : [testCase.routes as RecordedRoute];
}

function bodyLength(route: RecordedRoute): number | undefined {
  const body = route.sse ?? route.body;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  if (body !== undefined) return Buffer.byteLength(JSON.stringify(body));
  return undefined;
}

/** Where the abort, break and reset checks cut the case's body, in bytes. */
function stallPoint(testCase: ProviderConformanceCase, route: RecordedRoute): number {
  if (testCase.stallAfterBytes !== undefined) return testCase.stallAfterBytes;
  if (route.sse !== undefined) return sseStallPoint(route.sse);
  return Math.floor((bodyLength(route) ?? 0) / 2);
}

/**
 * The case's routes with its body route (the first with `sse`, else with `body`) given `fault`;
 * a `ValidationError` naming `fixtures.<label>.routes` when there is no such route.
 */
export function withFault(
  testCase: ProviderConformanceCase,
  fault: (route: RecordedRoute) => Fault,
  label: string,
): RecordedRoute[] {
  const routes = routesOf(testCase);
  let index = routes.findIndex((route) => route.sse !== undefined);
  if (index < 0) index = routes.findIndex((route) => route.body !== undefined);
  const target = routes[index];
  if (target === undefined) {
    throw new ValidationError(
      `fixtures.${label}.routes`,
      'needs a route with an sse or body to inject faults into',
    );
  }
  routes[index] = { ...target, fault: fault(target) };
  return routes;
}

/** The case's routes with its body stalled (or reset) at its stall point. */
export function cutAtStallPoint(
  testCase: ProviderConformanceCase,
  label: string,
  kind: 'stall' | 'reset' = 'stall',
): RecordedRoute[] {
  return withFault(testCase, (route) => ({ kind, afterBytes: stallPoint(testCase, route) }), label);
}

/** The status the case's `ProviderError` must carry: expected, else the route's, else `fallback`. */
export function expectedStatus(testCase: ProviderConformanceCase, fallback: number): number {
  return (
    testCase.expect?.status ??
    routesOf(testCase).find((route) => route.status !== undefined)?.status ??
    fallback
  );
}

/** The `Retry-After` header of the case's routes, whatever its case. */
export function retryAfterHeader(testCase: ProviderConformanceCase): string | undefined {
  for (const route of routesOf(testCase)) {
    for (const [name, value] of Object.entries(route.headers ?? {})) {
      if (name.toLowerCase() === 'retry-after') return value;
    }
  }
  return undefined;
}
