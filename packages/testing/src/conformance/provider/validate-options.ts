import { ValidationError } from '@aigo/ai';
import type {
  ProviderConformanceCaseName,
  ProviderConformanceOptions,
} from './provider-options.js';

/** The fixture cases every provider supplies, in the order the options name them. */
export const CASE_NAMES: readonly ProviderConformanceCaseName[] = [
  'text',
  'textStream',
  'toolCall',
  'toolCallStream',
  'error401',
  'error429',
];

/** Throws a `ValidationError` naming the first option `providerConformanceChecks` cannot use. */
export function validateOptions(options: ProviderConformanceOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  if (typeof options.makeProvider !== 'function') {
    throw new ValidationError(
      'options.makeProvider',
      'must be a function (baseURL) => StreamProvider',
    );
  }
  if (typeof options.model !== 'string' || options.model === '') {
    throw new ValidationError('options.model', 'must be a non-empty string');
  }
  if (typeof options.apiKey !== 'string' || options.apiKey.length < 8) {
    throw new ValidationError('options.apiKey', 'must be a fake key of at least 8 characters');
  }
  if (options.fixtures === null || typeof options.fixtures !== 'object') {
    throw new ValidationError('options.fixtures', `must hold the cases ${CASE_NAMES.join(', ')}`);
  }
  for (const name of CASE_NAMES) {
    const testCase = options.fixtures[name];
    if (testCase === null || typeof testCase !== 'object' || testCase.routes === undefined) {
      throw new ValidationError(
        `options.fixtures.${name}`,
        'must be { routes, request?, expect? }',
      );
    }
  }
  for (const [index, pair] of (options.pairs ?? []).entries()) {
    for (const side of ['send', 'stream'] as const) {
      const value = pair?.[side];
      if (
        typeof value === 'string'
          ? !CASE_NAMES.includes(value)
          : value === null || typeof value !== 'object'
      ) {
        throw new ValidationError(
          `options.pairs[${index}].${side}`,
          `must be a case name (${CASE_NAMES.join(', ')}) or a case`,
        );
      }
    }
  }
}
