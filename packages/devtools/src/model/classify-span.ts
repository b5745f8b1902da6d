import { ATTR_GEN_AI_OPERATION_NAME, type AttributeValue, GEN_AI_OPERATION } from '@aigo/ai';
import type { RunKind, SpanKindLabel } from './run-model.js';

/** What a span stands for: from `gen_ai.operation.name`, else the graph's and retrievers' span names. */
export function classifySpan(
  name: string,
  attributes: { readonly [name: string]: AttributeValue | undefined },
): SpanKindLabel {
  switch (attributes[ATTR_GEN_AI_OPERATION_NAME]) {
    case GEN_AI_OPERATION.invokeAgent:
      return 'agent';
    case GEN_AI_OPERATION.chat:
      return 'model';
    case GEN_AI_OPERATION.executeTool:
      return 'tool';
  }
  if (name === 'graph.execute') return 'graph';
  if (name === 'graph.node.execute') return 'node';
  if (name === 'aigo.retrieval') return 'retrieval';
  return 'other';
}

/** The kind of run a root span starts. */
export function runKindOf(kind: SpanKindLabel): RunKind {
  switch (kind) {
    case 'agent':
      return 'agent';
    case 'graph':
      return 'graph';
    case 'model':
      return 'call';
    case 'tool':
      return 'tool';
    default:
      return 'other';
  }
}
