import type { Attributes, Observer, Span } from '@aigo/ai';
import type { ContextReport } from './context-strategy.js';

/** A new, empty report for a request with `budget`. */
export function emptyReport(budget: number, method: string): ContextReport {
  return {
    budget,
    tokensBefore: 0,
    tokensAfter: 0,
    droppedMessages: 0,
    droppedTokens: 0,
    compactedResults: 0,
    compactedTokens: 0,
    summarisedMessages: 0,
    summarisedTokens: 0,
    summaryTokens: 0,
    orphanMessages: 0,
    unreadMessages: 0,
    method,
  };
}

/** The report as span and log attributes: counts and tokens, never content. */
export function reportAttributes(report: ContextReport, model: string): Attributes {
  return {
    'gen_ai.request.model': model,
    'aigo.context.budget_tokens': report.budget,
    'aigo.context.tokens_before': report.tokensBefore,
    'aigo.context.tokens_after': report.tokensAfter,
    'aigo.context.count_method': report.method,
    'aigo.context.dropped_messages': report.droppedMessages,
    'aigo.context.dropped_tokens': report.droppedTokens,
    'aigo.context.compacted_results': report.compactedResults,
    'aigo.context.compacted_tokens': report.compactedTokens,
    'aigo.context.summarised_messages': report.summarisedMessages,
    'aigo.context.summarised_tokens': report.summarisedTokens,
    'aigo.context.summary_tokens': report.summaryTokens,
    'aigo.context.orphan_messages': report.orphanMessages,
    'aigo.context.unread_messages': report.unreadMessages,
  };
}

/** Whether the strategies changed anything. */
export function changedAnything(report: ContextReport): boolean {
  return (
    report.droppedMessages > 0 ||
    report.compactedResults > 0 ||
    report.summarisedMessages > 0 ||
    report.orphanMessages > 0
  );
}

/**
 * Makes the report visible: an `aigo.context` span under the call's parent span and, when something
 * was left out, an info log line. An observer that throws never breaks a call.
 */
export function publishReport(
  observer: Observer | undefined,
  parent: Span | undefined,
  report: ContextReport,
  model: string,
): void {
  if (observer === undefined) return;
  try {
    const attributes = reportAttributes(report, model);
    const span = observer.startSpan('aigo.context', {
      attributes,
      kind: 'internal',
      ...(parent === undefined ? {} : { parent }),
    });
    span.end();
    if (changedAnything(report)) observer.info('aigo client: context fitted to budget', attributes);
  } catch {
    // An observer that throws never breaks a call.
  }
}
