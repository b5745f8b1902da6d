/**
 * One check of a conformance suite: a name and a function that rejects when the implementation
 * under test does not conform. `providerConformance` and `memoryConformance` register each check as
 * a vitest `it`; the `*Checks` functions return them for other runners (node:test, a script).
 */
export interface ConformanceCheck {
  readonly name: string;
  run(): Promise<void>;
}
