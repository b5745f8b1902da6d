import type { LogLevel } from '@aigo/ai';
import { formatLocalTime } from './format-time.js';
import { oneLine, plainValue } from './format-values.js';
import { colorLevel } from './level-colors.js';
import { LEVEL_LABEL } from './log-level.js';
import type { LogFormatter } from './log-record.js';

const EMOJI: Readonly<Record<LogLevel, string>> = {
  trace: '🔍',
  debug: '🔵',
  info: '🟢',
  warn: '🟡',
  error: '🔴',
};

/** Attribute lines start under the emoji: the width of the time and one space. */
const INDENT = ' '.repeat(19);

/**
 * `pretty`: the time, an emoji per level, the level padded to seven characters and the message,
 * then one line per attribute drawn as a tree (`├─ key: value`, `└─ ` on the last).
 */
export const formatPretty: LogFormatter = (record, colors) => {
  const label = LEVEL_LABEL[record.level].padEnd(7);
  const level = colors ? colorLevel(record.level, label) : label;
  let text = `${formatLocalTime(record.time)} ${EMOJI[record.level]} ${level}${oneLine(record.message)}\n`;
  const last = record.attributes.length - 1;
  record.attributes.forEach(([name, value], index) => {
    text += `${INDENT}${index === last ? '└─' : '├─'} ${name}: ${plainValue(value)}\n`;
  });
  return text;
};
