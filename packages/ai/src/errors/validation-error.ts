import { AigoError } from './aigo-error.js';

/** A public function was given an argument it cannot use. `argument` names it. */
export class ValidationError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/ValidationError');
  readonly argument: string;

  constructor(argument: string, problem: string, options?: { cause?: unknown }) {
    super('validation', `Invalid ${argument}: ${problem}`, options);
    this.argument = argument;
  }
}
