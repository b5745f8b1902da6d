import type { Observer } from '@aigo/ai';
import { ValidationError } from '@aigo/ai';
import type { Client } from '@aigo/client';
import {
  validateDurableExecuteOptions,
  validateDurableGraphOptions,
} from '../durable/validate-durable-options.js';
import type { StateProvider } from '../state/state-provider.js';
import type { ExecuteOptions, GraphOptions } from './graph-options.js';
import type { EdgeOptions, NodeOptions, RetryOptions } from './node-types.js';

const GRAPH_OPTIONS = new Set([
  'defaultClient',
  'stateProvider',
  'errorStrategy',
  'maxConcurrency',
  'executionTimeout',
  'observer',
  'name',
  'version',
  'checkpointer',
  'runPollMs',
]);
const NODE_OPTIONS = new Set(['client', 'timeout', 'params', 'retry', 'join']);
const EDGE_OPTIONS = new Set(['condition']);
const EXECUTE_OPTIONS = new Set(['signal', 'stateProvider', 'span', 'runId', 'checkpointer']);
const RETRY_OPTIONS = new Set([
  'maxRetries',
  'initialBackoffMs',
  'multiplier',
  'maxBackoffMs',
  'jitter',
  'retryable',
]);
const STATE_METHODS = [
  'reset',
  'get',
  'set',
  'getAll',
  'getNodeStatus',
  'setNodeStatus',
  'getNodeResult',
  'setNodeResult',
] as const;

/** Throws unless `value` is a plain options object whose keys are all in `known`. */
function checkObject(value: unknown, name: string, known: ReadonlySet<string>): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(name, 'must be an object');
  }
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      throw new ValidationError(
        `${name}.${key}`,
        `is not an option (known: ${[...known].join(', ')})`,
      );
    }
  }
}

/** A non-empty string id. */
export function checkId(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw new ValidationError(name, 'must be a non-empty string');
  }
}

function checkPositiveInteger(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ValidationError(name, 'must be an integer of at least 1');
  }
}

function checkMilliseconds(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError(name, 'must be a finite number of milliseconds above 0');
  }
}

function checkClient(value: unknown, name: string): asserts value is Client {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as Client).sendMessage !== 'function' ||
    typeof (value as Client).createOverview !== 'function'
  ) {
    throw new ValidationError(name, 'must be a Client (from createClient)');
  }
}

/** Throws unless `value` has every `StateProvider` method. */
export function checkStateProvider(value: unknown, name: string): asserts value is StateProvider {
  if (value === null || typeof value !== 'object') {
    throw new ValidationError(name, 'must be a StateProvider');
  }
  for (const method of STATE_METHODS) {
    if (typeof (value as Record<string, unknown>)[method] !== 'function') {
      throw new ValidationError(name, `must be a StateProvider (its ${method} method is missing)`);
    }
  }
}

function checkObserver(value: unknown, name: string): asserts value is Observer {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as Observer).startSpan !== 'function' ||
    typeof (value as Observer).counter !== 'function' ||
    typeof (value as Observer).histogram !== 'function'
  ) {
    throw new ValidationError(name, 'must be an Observer');
  }
}

/** @throws ValidationError naming the first bad graph option. */
export function validateGraphOptions(options: GraphOptions): void {
  checkObject(options, 'options', GRAPH_OPTIONS);
  if (options.defaultClient !== undefined)
    checkClient(options.defaultClient, 'options.defaultClient');
  if (options.stateProvider !== undefined && typeof options.stateProvider !== 'function') {
    checkStateProvider(options.stateProvider, 'options.stateProvider');
  }
  if (
    options.errorStrategy !== undefined &&
    options.errorStrategy !== 'fail_fast' &&
    options.errorStrategy !== 'continue_on_error'
  ) {
    throw new ValidationError(
      'options.errorStrategy',
      "must be 'fail_fast' or 'continue_on_error'",
    );
  }
  if (options.maxConcurrency !== undefined && options.maxConcurrency !== Number.POSITIVE_INFINITY) {
    checkPositiveInteger(options.maxConcurrency, 'options.maxConcurrency');
  }
  if (options.executionTimeout !== undefined) {
    checkMilliseconds(options.executionTimeout, 'options.executionTimeout');
  }
  if (options.observer !== undefined) checkObserver(options.observer, 'options.observer');
  validateDurableGraphOptions(options);
}

function validateRetry(retry: RetryOptions, name: string): void {
  checkObject(retry, name, RETRY_OPTIONS);
  if (
    typeof retry.maxRetries !== 'number' ||
    !Number.isInteger(retry.maxRetries) ||
    retry.maxRetries < 0
  ) {
    throw new ValidationError(`${name}.maxRetries`, 'must be an integer of at least 0');
  }
  for (const key of ['initialBackoffMs', 'maxBackoffMs'] as const) {
    const value = retry[key];
    if (
      value !== undefined &&
      (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    ) {
      throw new ValidationError(`${name}.${key}`, 'must be a finite number of at least 0');
    }
  }
  if (
    retry.multiplier !== undefined &&
    (typeof retry.multiplier !== 'number' ||
      !Number.isFinite(retry.multiplier) ||
      retry.multiplier < 1)
  ) {
    throw new ValidationError(`${name}.multiplier`, 'must be a finite number of at least 1');
  }
  if (retry.jitter !== undefined && typeof retry.jitter !== 'boolean') {
    throw new ValidationError(`${name}.jitter`, 'must be a boolean');
  }
  if (retry.retryable !== undefined && typeof retry.retryable !== 'function') {
    throw new ValidationError(`${name}.retryable`, 'must be a function');
  }
}

/** @throws ValidationError naming the first bad node option. */
export function validateNodeOptions(options: NodeOptions, id: string): void {
  const name = `nodes.${id}.options`;
  checkObject(options, name, NODE_OPTIONS);
  if (options.client !== undefined) checkClient(options.client, `${name}.client`);
  if (options.timeout !== undefined) checkMilliseconds(options.timeout, `${name}.timeout`);
  if (options.params !== undefined) {
    if (
      options.params === null ||
      typeof options.params !== 'object' ||
      Array.isArray(options.params)
    ) {
      throw new ValidationError(`${name}.params`, 'must be an object');
    }
  }
  if (options.retry !== undefined) validateRetry(options.retry, `${name}.retry`);
  if (options.join !== undefined && options.join !== 'all' && options.join !== 'any') {
    throw new ValidationError(`${name}.join`, "must be 'all' or 'any'");
  }
}

/** @throws ValidationError naming the first bad edge option. */
export function validateEdgeOptions(options: EdgeOptions, name: string): void {
  checkObject(options, name, EDGE_OPTIONS);
  if (options.condition !== undefined && typeof options.condition !== 'function') {
    throw new ValidationError(`${name}.condition`, 'must be a function');
  }
}

/** @throws ValidationError naming the first bad execute argument. */
export function validateExecuteArguments(
  initialState: unknown,
  options: ExecuteOptions | undefined,
): void {
  if (initialState === null || typeof initialState !== 'object' || Array.isArray(initialState)) {
    throw new ValidationError('initialState', 'must be an object of initial shared state');
  }
  if (options === undefined) return;
  checkObject(options, 'options', EXECUTE_OPTIONS);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  if (options.stateProvider !== undefined) {
    checkStateProvider(options.stateProvider, 'options.stateProvider');
  }
  if (
    options.span !== undefined &&
    (options.span === null ||
      typeof options.span !== 'object' ||
      typeof options.span.end !== 'function')
  ) {
    throw new ValidationError('options.span', 'must be a Span');
  }
  validateDurableExecuteOptions(options);
}
