import { ValidationError } from '@aigo/ai';
import type { RecordedRoute } from './recorded-route.js';

const FAULT_KINDS = new Set(['reset', 'stall', 'drip', 'close-before-response']);

/** Checks every route of `startRecordedServer` and throws a `ValidationError` naming the bad field. */
export function validateRoutes(routes: readonly RecordedRoute[], argument = 'routes'): void {
  if (!Array.isArray(routes)) throw new ValidationError(argument, 'must be an array of routes');
  routes.forEach((route, index) => {
    validateRoute(route, `${argument}[${index}]`);
  });
}

function validateRoute(route: RecordedRoute, name: string): void {
  if (route === null || typeof route !== 'object') {
    throw new ValidationError(name, 'must be a route object');
  }
  if (typeof route.path !== 'string' && !(route.path instanceof RegExp)) {
    throw new ValidationError(`${name}.path`, 'must be a string or a RegExp');
  }
  if (route.method !== undefined && (typeof route.method !== 'string' || route.method === '')) {
    throw new ValidationError(`${name}.method`, 'must be a non-empty string');
  }
  if (
    route.status !== undefined &&
    (!Number.isInteger(route.status) || route.status < 100 || route.status > 599)
  ) {
    throw new ValidationError(`${name}.status`, 'must be an integer HTTP status (100-599)');
  }
  if (route.headers !== undefined) {
    if (route.headers === null || typeof route.headers !== 'object') {
      throw new ValidationError(`${name}.headers`, 'must be an object of header strings');
    }
    for (const [header, value] of Object.entries(route.headers)) {
      if (typeof value !== 'string') {
        throw new ValidationError(`${name}.headers.${header}`, 'must be a string');
      }
    }
  }
  if (route.body !== undefined && route.sse !== undefined) {
    throw new ValidationError(name, 'takes either body or sse, not both');
  }
  if (
    route.body !== undefined &&
    (route.body === null || !['string', 'object'].includes(typeof route.body))
  ) {
    throw new ValidationError(`${name}.body`, 'must be a string, a Uint8Array or an object');
  }
  if (
    route.sse !== undefined &&
    typeof route.sse !== 'string' &&
    !(route.sse instanceof Uint8Array)
  ) {
    throw new ValidationError(`${name}.sse`, 'must be a string or a Uint8Array');
  }
  if (route.times !== undefined && (!Number.isInteger(route.times) || route.times < 1)) {
    throw new ValidationError(`${name}.times`, 'must be a positive integer');
  }
  if (route.respond !== undefined && typeof route.respond !== 'function') {
    throw new ValidationError(`${name}.respond`, 'must be a function');
  }
  const fault = route.fault;
  if (fault !== undefined) {
    if (fault === null || typeof fault !== 'object' || !FAULT_KINDS.has(fault.kind)) {
      throw new ValidationError(
        `${name}.fault`,
        'must be { kind: "reset" | "stall" | "drip" | "close-before-response", ... }',
      );
    }
    if (fault.kind === 'reset' || fault.kind === 'stall') {
      if (!Number.isInteger(fault.afterBytes) || fault.afterBytes < 0) {
        throw new ValidationError(`${name}.fault.afterBytes`, 'must be a non-negative integer');
      }
    }
    if (
      fault.kind === 'drip' &&
      fault.bytesPerWrite !== undefined &&
      (!Number.isInteger(fault.bytesPerWrite) || fault.bytesPerWrite < 1)
    ) {
      throw new ValidationError(`${name}.fault.bytesPerWrite`, 'must be a positive integer');
    }
  }
}
