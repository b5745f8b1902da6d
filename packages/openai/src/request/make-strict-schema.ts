import type { JsonSchema } from '@aigo/ai';
import { isRecord, type JsonRecord } from '@aigo/http';

/** Keywords whose value is one subschema. */
const SUBSCHEMA_KEYS = ['items', 'not', 'if', 'then', 'else', 'contains'] as const;
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LIST_KEYS = ['anyOf', 'allOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAP_KEYS = ['$defs', 'definitions', 'patternProperties'] as const;

/**
 * A copy of `schema` that OpenAI's strict mode accepts (`strict: true` on a tool or a `json_schema`
 * response format): every object lists all of its properties in `required` and has
 * `additionalProperties: false`, at every depth (nested objects, array items, `anyOf` branches,
 * `$defs`). A schema that already follows the rules comes back equal to itself.
 *
 * Optional properties become required rather than nullable: a model then always fills them with a
 * value the original schema accepts, so the arguments still validate against the tool's own schema.
 * Keywords strict mode rejects (say `format` on some models) are left for the API to name.
 */
export function makeStrictSchema(schema: JsonSchema): JsonSchema {
  return strictNode(schema) as JsonSchema;
}

function strictNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictNode);
  if (!isRecord(node)) return node;
  const out: JsonRecord = { ...node };
  for (const key of SUBSCHEMA_KEYS) {
    if (out[key] !== undefined) out[key] = strictNode(out[key]);
  }
  for (const key of SUBSCHEMA_LIST_KEYS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(strictNode);
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = out[key];
    if (isRecord(map)) out[key] = mapValues(map, strictNode);
  }
  if (isObjectSchema(out)) {
    const properties = isRecord(out.properties) ? mapValues(out.properties, strictNode) : {};
    out.properties = properties;
    // Keep the order of an existing `required` list; add the missing names after it.
    const names = Object.keys(properties);
    const listed = Array.isArray(out.required)
      ? (out.required as unknown[]).filter(
          (name): name is string => typeof name === 'string' && names.includes(name),
        )
      : [];
    out.required = [...listed, ...names.filter((name) => !listed.includes(name))];
    out.additionalProperties = false;
  }
  return out;
}

function isObjectSchema(node: JsonRecord): boolean {
  const type = node.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && isRecord(node.properties);
}

function mapValues(record: JsonRecord, map: (value: unknown) => unknown): JsonRecord {
  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(record)) out[key] = map(value);
  return out;
}
