// The soak's verdicts and report: pass/fail per criterion (soakVerdicts), the criteria as rows for the
// summary table (soakCriteria) and the section's own tables (soakTable). Built from a soak result;
// no measuring happens here.
import { round3 } from '../../shared/cpu-timing.mjs';

/** The soak's absolute targets. */
export const TARGETS = Object.freeze({ heapGrowthMb: 2 });

/** Types whose count in `now` is above their count in `reference`: `[type, now, reference]`. */
function grownTypes(now, reference) {
  return Object.entries(now)
    .filter(([type, count]) => count > (reference[type] ?? 0))
    .map(([type, count]) => [type, count, reference[type] ?? 0]);
}

/** The pass/fail of each criterion, with the figures it was judged on. */
export function soakVerdicts(result) {
  const { thousands, after, before, poolSize, outcomes, hung, ownPool } = result;
  const complete = hung === null && thousands.length > 0;
  const first = thousands[0];
  const last = thousands.at(-1);
  const peak = Math.max(0, ...thousands.map((t) => t.peakSockets));
  const held = thousands.filter((t) => t.quietAfterMs === null || t.pool.running > 0);
  const grownSockets = thousands.filter(
    (t) => t.sockets > poolSize || t.sockets > t.pool.connected,
  );
  const grown = thousands.flatMap((t) =>
    grownTypes(t.resources, first?.resources ?? {}).map(
      ([type, count, reference]) => `${type} ${count} > ${reference} at ${t.calls}`,
    ),
  );
  const listeners = Math.max(
    after.longLivedListeners,
    ...thousands.map((t) => t.longLivedListeners),
  );
  const leftOpen = grownTypes(after.resources, before.resources).map(
    ([type, count, reference]) => `${type} ${count} > ${reference}`,
  );
  const unexpected = Object.values(outcomes).reduce((sum, o) => sum + o.unexpected, 0);
  const heapGrowthMb = complete ? round3(last.heapUsedMb - first.heapUsedMb) : null;
  return {
    socketsBounded: { pass: complete && peak <= poolSize, peak, poolSize },
    socketsReleased: {
      pass: complete && held.length === 0,
      held: held.map((t) => ({ at: t.calls, running: t.pool.running })),
    },
    socketsNotGrowing: {
      pass: complete && grownSockets.length === 0,
      most: Math.max(0, ...thousands.map((t) => t.sockets)),
      outside: grownSockets.map((t) => ({
        at: t.calls,
        sockets: t.sockets,
        pool: t.pool.connected,
      })),
    },
    socketsClosed: {
      pass: result.closedSockets === 0 && ownPool !== null && ownPool.closedSockets === 0,
      pool: result.closedSockets,
      ownPool: ownPool?.closedSockets ?? null,
    },
    handlesNotGrowing: {
      pass: complete && grown.length === 0 && listeners === 0,
      grown,
      listeners,
    },
    handlesReleased: { pass: leftOpen.length === 0, leftOpen },
    heap: { pass: complete && heapGrowthMb < TARGETS.heapGrowthMb, growthMb: heapGrowthMb },
    outcomes: { pass: complete && ownPool !== null && unexpected === 0, unexpected, hung },
  };
}

const verdict = (pass) => (pass ? 'ok' : '**fail**');
const resourceText = (resources) =>
  Object.entries(resources)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, count]) => `${type} ${count}`)
    .join(', ') || 'none';

/** The criteria of a soak result as rows: criterion, result, target, verdict. */
export function soakCriteria(result) {
  const v = result.verdicts;
  const settled = Object.values(result.outcomes).reduce((sum, o) => sum + o.calls, 0);
  const total = result.calls + (result.ownPool?.calls ?? 0);
  return [
    [
      'client sockets to the server, most at once',
      `${v.socketsBounded.peak}`,
      `≤ pool size ${v.socketsBounded.poolSize}`,
      verdict(v.socketsBounded.pass),
    ],
    [
      'requests the pool still runs after each thousand (connections held by ended calls)',
      v.socketsReleased.held.length === 0
        ? '0'
        : v.socketsReleased.held.map((h) => `${h.running} at ${h.at}`).join(', '),
      '0',
      verdict(v.socketsReleased.pass),
    ],
    [
      'client sockets after each thousand (not growing: each an idle connection of the pool)',
      v.socketsNotGrowing.outside.length === 0
        ? `${v.socketsNotGrowing.most} at most, all the pool's`
        : v.socketsNotGrowing.outside
            .map((o) => `${o.sockets} (pool ${o.pool}) at ${o.at}`)
            .join(', '),
      `≤ pool size ${result.poolSize}, none outside the pool`,
      verdict(v.socketsNotGrowing.pass),
    ],
    [
      'client sockets once closed (the pool; the provider’s own pool after `provider.close()`)',
      `${v.socketsClosed.pool}; ${v.socketsClosed.ownPool ?? '—'}`,
      '0; 0',
      verdict(v.socketsClosed.pass),
    ],
    [
      'active timers and handles after each thousand; listeners left on the long-lived signal',
      `${v.handlesNotGrowing.grown.length === 0 ? 'no type grew' : v.handlesNotGrowing.grown.join('; ')}; ${v.handlesNotGrowing.listeners} listeners`,
      'no type above the first thousand; 0',
      verdict(v.handlesNotGrowing.pass),
    ],
    [
      'active timers and handles after closing',
      v.handlesReleased.leftOpen.length === 0
        ? `${resourceText(result.after.resources)} (before the first call: ${resourceText(result.before.resources)})`
        : v.handlesReleased.leftOpen.join('; '),
      'no type above before the first call',
      verdict(v.handlesReleased.pass),
    ],
    [
      "heapUsed growth, GC'd, 10 % → 100 % of the main run",
      v.heap.growthMb === null ? '—' : `${v.heap.growthMb} MB`,
      `< ${TARGETS.heapGrowthMb} MB`,
      verdict(v.heap.pass),
    ],
    [
      'calls that ended as their kind expects',
      `${settled - v.outcomes.unexpected} of ${total}${v.outcomes.unexpected > 0 ? ` (${v.outcomes.unexpected} unexpected)` : ''}${v.outcomes.hung ? `; hung at ${v.outcomes.hung.at}: ${v.outcomes.hung.kinds.join(', ')}` : ''}`,
      'all, none hung',
      verdict(v.outcomes.pass),
    ],
  ];
}

const row = (cells) => `| ${cells.join(' | ')} |`;
const count = (n) => n.toLocaleString('en');

/** The soak's report: figures per thousand, outcomes per kind, and a verdict per criterion. */
export function soakTable(result) {
  const own = result.ownPool;
  const lines = [
    `## Soak: ${count(result.calls)} aborted streams through @aigo/client + @aigo/openai (${result.concurrency} at once, pool of ${result.poolSize}, seed ${result.seed}, ${result.seconds} s)`,
    '',
    'After each thousand, once every call settled and the pool was quiet (quiet: ms it took, reconnects for aborted requests included).',
    '',
    '| after calls | s | client sockets, most during | client sockets | pool connected / running | quiet | active resources | long-lived signal listeners | heapUsed after GC |',
    '|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...result.thousands.map((t) =>
      row([
        count(t.calls),
        t.seconds,
        t.peakSockets,
        t.sockets,
        `${t.pool.connected} / ${t.pool.running}`,
        t.quietAfterMs === null ? 'never' : `${t.quietAfterMs} ms`,
        resourceText(t.resources),
        t.longLivedListeners,
        `${t.heapUsedMb} MB`,
      ]),
    ),
    row(['pool closed', '—', '—', result.closedSockets, '—', '—', '—', '—', '—']),
    '',
    own === null
      ? 'The second run, through the provider’s own pool, did not run (the main run hung).'
      : `Then ${count(own.calls)} more calls through the provider’s own pool (undici Agent, no per-origin limit): client sockets ${own.peakSockets} at most, ${own.settledSockets} once the calls settled, ${own.closedSockets} after \`provider.close()\`.`,
    '',
    '| kind | calls | unexpected | first unexpected |',
    '|---|---:|---:|---|',
    ...result.kinds.map((name) => {
      const o = result.outcomes[name] ?? { calls: 0, unexpected: 0, examples: [] };
      return row([name, o.calls, o.unexpected, o.examples[0] ?? '—']);
    }),
    '',
    '| criterion | result | target | verdict |',
    '|---|---|---|---|',
    ...soakCriteria(result).map(row),
  ];
  return lines.join('\n');
}
