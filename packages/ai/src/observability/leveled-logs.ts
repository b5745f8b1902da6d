import type { Attributes, LogLevel, Observer } from './observer.js';

/**
 * The five log methods of an `Observer` (`trace` … `error`), each the method `logAt` makes for its
 * level: an observer spreads them into itself (`{ ...leveledLogs(logAt), startSpan, … }`).
 */
export function leveledLogs(
  logAt: (level: LogLevel) => (message: string, attributes?: Attributes) => void,
): Pick<Observer, LogLevel> {
  return {
    trace: logAt('trace'),
    debug: logAt('debug'),
    info: logAt('info'),
    warn: logAt('warn'),
    error: logAt('error'),
  };
}
