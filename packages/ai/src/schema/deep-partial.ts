/**
 * A value of `T` as it may look while it streams: every object property optional, at every depth;
 * arrays hold partial elements (the last one may still be growing); strings, numbers, booleans and
 * `null` as they are (a string may be a prefix of the final one; numbers, booleans and `null` only
 * appear once complete). A structured stream's `partials` and the agent's `partial_answer` events
 * are `DeepPartial<T>` of the answer's type `T` — inferred from a typebox schema, a Standard Schema or
 * a JSON Schema exactly as `T` is (`InferSchema`).
 *
 * @example
 * type Person = { name: string; tags: string[]; address: { city: string } };
 * const partial: DeepPartial<Person> = { name: 'Ad', address: {} };
 */
export type DeepPartial<T> = T extends
  | string
  | number
  | boolean
  | bigint
  | symbol
  | null
  | undefined
  ? T
  : T extends ((...args: never[]) => unknown) | Date
    ? T
    : T extends ReadonlyArray<infer Element>
      ? T extends unknown[]
        ? DeepPartial<Element>[]
        : readonly DeepPartial<Element>[]
      : T extends object
        ? { [Key in keyof T]?: DeepPartial<T[Key]> }
        : T;
