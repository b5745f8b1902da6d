import { formatLocalTime } from './format-time.js';
import { attributesObject, oneLine } from './format-values.js';
import { colorLevel } from './level-colors.js';
import { LEVEL_LABEL } from './log-level.js';
import type { LogFormatter } from './log-record.js';

/**
 * `compact`: `2026-01-02 03:04:05  INFO message → {"key":"value"}` — local time, the level
 * right-aligned to five characters, the message, and the attributes as one JSON object when there
 * are any.
 */
export const formatCompact: LogFormatter = (record, colors) => {
  const label = LEVEL_LABEL[record.level].padStart(5);
  const level = colors ? colorLevel(record.level, label) : label;
  const head = `${formatLocalTime(record.time)} ${level} ${oneLine(record.message)}`;
  if (record.attributes.length === 0) return `${head}\n`;
  return `${head} → ${JSON.stringify(attributesObject(record.attributes))}\n`;
};
