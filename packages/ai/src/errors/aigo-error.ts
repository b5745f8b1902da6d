import type { AigoErrorCode } from './error-code.js';

const AIGO_ERROR = Symbol.for('@aigo/ai/AigoError');

/** Options every aigo error takes. */
export interface AigoErrorOptions {
  readonly cause?: unknown;
}

/**
 * The base of every error aigo throws. `AigoError.isInstance(e)` (and the same static on each
 * subclass) works even when two copies of `@aigo/ai` are installed, where `instanceof` does not.
 */
export class AigoError extends Error {
  /** The marker `isInstance` looks for; each subclass has its own. */
  static readonly marker: symbol = AIGO_ERROR;
  readonly code: AigoErrorCode;

  constructor(code: AigoErrorCode, message: string, options?: AigoErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = errorName(new.target);
    // Mark the instance with every marker up the prototype chain, so `ProviderError.isInstance` and
    // `AigoError.isInstance` both hold for a ProviderError from another copy of the package.
    let klass: unknown = new.target;
    while (typeof klass === 'function' && 'marker' in klass) {
      Object.defineProperty(this, (klass as typeof AigoError).marker, { value: true });
      klass = Object.getPrototypeOf(klass);
    }
  }

  /** True when `error` is an instance of this class, from any installed copy of `@aigo/ai`. */
  static isInstance<T extends abstract new (...args: never[]) => AigoError>(
    this: T & { readonly marker: symbol },
    error: unknown,
  ): error is InstanceType<T> {
    // `this` is the class isInstance was called on (ProviderError.isInstance checks ProviderError's marker).
    // biome-ignore lint/complexity/noThisInStatic: polymorphic static on purpose
    const marker = this.marker;
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[marker] === true
    );
  }

  /** A plain, secret-free view for logs and `JSON.stringify`. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = {
      name: this.name,
      code: this.code,
      message: this.message,
    };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause' && value !== undefined) json[key] = value;
    }
    if (this.cause instanceof Error) {
      json.cause = { name: this.cause.name, message: this.cause.message };
    }
    return json;
  }
}

/**
 * A class's name as its marker spells it (`Symbol.for('@aigo/ai/ProviderError')` → `ProviderError`):
 * bundlers and minifiers may rename a class, its marker stays. A subclass without a marker of its
 * own keeps the name it was declared with.
 */
function errorName(klass: abstract new (...args: never[]) => unknown): string {
  if (Object.hasOwn(klass, 'marker')) {
    const description = (klass as unknown as typeof AigoError).marker.description;
    if (description !== undefined) return description.slice(description.lastIndexOf('/') + 1);
  }
  return klass.name;
}
