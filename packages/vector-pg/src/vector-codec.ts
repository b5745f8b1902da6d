import { MemoryError } from '@aigo/ai';

/** A vector as pgvector's text input (`[1,0.5,-2]`): JavaScript's shortest round-trip numbers. */
export function toVectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/** A vector as a PostgreSQL array literal (`{1,0.5,-2}`) for a `double precision[]` column. */
export function toArrayLiteral(vector: readonly number[]): string {
  return `{${vector.join(',')}}`;
}

/**
 * Reads a vector column as text: pgvector's output (`[1,0.5]`, JSON-compatible) or a
 * `double precision[]`'s (`{1,0.5}`), or the number array node-postgres makes of the latter.
 *
 * @throws MemoryError when the column holds something else.
 */
export function fromVectorColumn(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') {
    // pgvector prints `[1,0.5]`; a double precision[] printed as text is `{1,0.5}`.
    const json = value.startsWith('{') ? `[${value.slice(1, -1)}]` : value;
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'number'))
      return parsed as number[];
  }
  throw new MemoryError('The embedding column holds something that is not a vector');
}
