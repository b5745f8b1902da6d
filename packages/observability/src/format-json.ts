import type { AttributeValue } from '@aigo/ai';
import { formatIsoTime } from './format-time.js';
import { LEVEL_LABEL } from './log-level.js';
import type { LogFormatter } from './log-record.js';

const STANDARD_FIELDS = new Set(['time', 'level', 'msg']);

/**
 * `json`: one object per line with `time` (ISO 8601, UTC), `level`, `msg` and every attribute at
 * the top level. An attribute named `time`, `level` or `msg` is written as `attr.time` (and so on)
 * instead of overwriting the standard field.
 */
export const formatJson: LogFormatter = (record) => {
  const object: Record<string, AttributeValue | null> = {
    time: formatIsoTime(record.time),
    level: LEVEL_LABEL[record.level],
    msg: record.message,
  };
  for (const [name, value] of record.attributes) {
    object[STANDARD_FIELDS.has(name) ? `attr.${name}` : name] = value;
  }
  return `${JSON.stringify(object)}\n`;
};
