import type { GraphPlan } from '../plan/graph-plan.js';

/**
 * A digest of a graph's structure: its node ids in order, each node's join mode, its edges (and
 * whether each has a condition) and its output node. Two graphs with the same fingerprint run the
 * same nodes in the same places; a node removed, renamed or rewired changes it. Two 32-bit FNV-1a
 * hashes with different seeds, as 16 hex digits (a digest to compare, not a security boundary).
 */
export function graphFingerprint(plan: GraphPlan): string {
  const parts: string[] = [`out:${plan.ids[plan.output]}`];
  for (let node = 0; node < plan.ids.length; node++) {
    parts.push(`n:${plan.ids[node]}:${plan.nodes[node]?.joinAny ? 'any' : 'all'}`);
  }
  for (let edge = 0; edge < plan.edgeFrom.length; edge++) {
    const from = plan.ids[plan.edgeFrom[edge] as number];
    const to = plan.ids[plan.edgeTo[edge] as number];
    parts.push(`e:${from}>${to}${plan.conditions[edge] === undefined ? '' : '?'}`);
  }
  const text = parts.join('\u0000');
  return hex(fnv(text, 0x811c9dc5)) + hex(fnv(text, 0x01000193 ^ 0x5bd1e995));
}

function fnv(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const hex = (value: number): string => value.toString(16).padStart(8, '0');
