import { formatIssues, ParseError, type Schema, type SchemaIssue, validateSchema } from '@aigo/ai';
import type { ElementsShape } from './partial/stream-shape.js';

/** Checks one streamed element; the issues (empty when it fits). */
export type ElementCheck = (value: unknown) => Promise<readonly SchemaIssue[]>;

/**
 * The check of each element against the array's item schema (a JSON Schema, compiled once by
 * typebox, as tools' arguments are), or `undefined` when the items have no schema (`{}`).
 */
export function elementCheck(shape: ElementsShape | undefined): ElementCheck | undefined {
  if (shape === undefined || Object.keys(shape.items).length === 0) return undefined;
  // A JSON Schema is what typebox compiles: the items' schema is checked as a typebox schema.
  const items = shape.items as unknown as Schema;
  return async (value) => {
    const result = await validateSchema(items, value);
    return result.ok ? [] : result.issues;
  };
}

/** The error of an element that does not fit its schema: its index, and where it fails. */
export function elementFailure(
  issues: readonly SchemaIssue[],
  index: number,
  shape: ElementsShape | undefined,
  text: string,
): ParseError {
  const base =
    shape?.at.kind === 'property' ? `/${pointerSegment(shape.at.name)}/${index}` : `/${index}`;
  const located = issues.map((issue) => ({ path: `${base}${issue.path}`, message: issue.message }));
  return new ParseError(
    `Element ${index} of the answer does not match the schema of its array: ${formatIssues(located)}`,
    { text, issues: located },
  );
}

function pointerSegment(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
