import { checkOptionKeys, ValidationError } from '@aigo/ai';
import { isRecord } from './json-guards.js';

/** The options of {@link ProviderConnectionOptions}, which every adapter factory takes. */
const CONNECTION_KEYS: readonly string[] = [
  'apiKey',
  'baseURL',
  'headers',
  'timeoutMs',
  'dispatcher',
];

/** What an adapter says about its factory's options besides the connection ones. */
export interface ProviderOptionsSpec {
  /** The factory's name in errors (`openai`). */
  readonly factory: string;
  /** Every option of the factory besides `apiKey`, `baseURL`, `headers`, `timeoutMs`, `dispatcher`. */
  readonly known: readonly string[];
  /** Those of `known` that must be strings when set. */
  readonly strings?: readonly string[];
  /** Those of `known` that must be booleans when set. */
  readonly booleans?: readonly string[];
}

/**
 * The checks every adapter factory runs on its options before anything else: an object, no key the
 * factory does not know (a typo must not silently do nothing; a close valid name is suggested), `apiKey` and `baseURL` strings,
 * `headers` an object of strings, `timeoutMs` a positive number, and the spec's string and boolean
 * options of their kind. The base URL itself is checked where it is resolved, with the environment.
 *
 * @throws ValidationError naming the first bad option (`options.headers.x-name`, `options.api`).
 */
export function checkProviderOptions(options: unknown, spec: ProviderOptionsSpec): void {
  if (!isRecord(options)) throw new ValidationError('options', 'must be an object');
  checkOptionKeys(options, [...CONNECTION_KEYS, ...spec.known], { owner: `${spec.factory}()` });
  for (const key of ['apiKey', 'baseURL', ...(spec.strings ?? [])]) {
    if (options[key] !== undefined && typeof options[key] !== 'string') {
      throw new ValidationError(`options.${key}`, 'must be a string');
    }
  }
  for (const key of spec.booleans ?? []) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') {
      throw new ValidationError(`options.${key}`, 'must be a boolean');
    }
  }
  const headers = options.headers;
  if (headers !== undefined) {
    if (!isRecord(headers)) throw new ValidationError('options.headers', 'must be an object');
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value !== 'string') {
        throw new ValidationError(`options.headers.${name}`, 'must be a string');
      }
    }
  }
  const timeoutMs = options.timeoutMs;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs > 0))) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
}
