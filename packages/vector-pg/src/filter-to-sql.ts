import type { FilterNode } from '@aigo/ai';

/** A SQL condition and the values its `$n` placeholders stand for. */
export interface SqlCondition {
  readonly sql: string;
  readonly values: readonly unknown[];
}

/**
 * Translates a checked metadata filter (`parseMetadataFilter` of `@aigo/ai`) into a SQL condition on
 * the `metadata` jsonb column, with the semantics of `matchesMetadataFilter` (the vector store
 * conformance suite compares the two): `#>` reads the path (a missing path is SQL NULL, a JSON
 * `null` is not), equality is jsonb equality, ranges compare numbers only (`CASE` keeps a string
 * from ever being cast), `$ne`/`$nin` hold for a missing field. Every value is a parameter; field
 * names travel as a `text[]` parameter too, so nothing of a filter is ever spliced into the SQL.
 * `firstParameter` is the number of the first placeholder.
 */
export function filterToSql(node: FilterNode, firstParameter: number): SqlCondition {
  const values: unknown[] = [];
  const parameter = (value: unknown, cast: string): string => {
    values.push(value);
    return `$${firstParameter + values.length - 1}::${cast}`;
  };
  const walk = (current: FilterNode): string => {
    if (current.kind === 'and' || current.kind === 'or') {
      if (current.nodes.length === 0) return current.kind === 'and' ? 'TRUE' : 'FALSE';
      return `(${current.nodes.map(walk).join(current.kind === 'and' ? ' AND ' : ' OR ')})`;
    }
    const field = `(metadata #> ${parameter(current.path, 'text[]')})`;
    switch (current.op) {
      case '$eq':
        return `(${field} = ${parameter(JSON.stringify(current.value), 'jsonb')})`;
      case '$ne':
        return `(${field} IS DISTINCT FROM ${parameter(JSON.stringify(current.value), 'jsonb')})`;
      case '$in':
        return `EXISTS (SELECT 1 FROM jsonb_array_elements(${parameter(JSON.stringify(current.value), 'jsonb')}) AS e(v) WHERE e.v = ${field})`;
      case '$nin':
        return `NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${parameter(JSON.stringify(current.value), 'jsonb')}) AS e(v) WHERE e.v = ${field})`;
      case '$exists':
        return current.value === true ? `(${field} IS NOT NULL)` : `(${field} IS NULL)`;
      default: {
        const operator = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[current.op];
        return `(CASE WHEN jsonb_typeof(${field}) = 'number' THEN (${field})::numeric ${operator} ${parameter(String(current.value), 'numeric')} ELSE FALSE END)`;
      }
    }
  };
  return { sql: walk(node), values };
}
