// @aigo/anthropic against its floor and the anchors (issue 21's performance figures), on the anchors'
// machinery (../anchors: one fresh process per stack for (a)–(c), one per stack and round for (d)/(e),
// identical floors as the control). Two mock servers in processes of their own: the Messages API
// (anthropic-mock-server.mjs) and Chat Completions (../openai/openai-mock-server.mjs), so that
// @aigo/openai's ratio to its floor is measured in the same run and the two adapters' ratios can be
// compared figure by figure:
//
//   p50 latency, requests/s at concurrency 32, CPU per request, CPU per streamed token of a
//   5,000-token stream, RSS of 200 open streams, start → first reply; installed size.
//
// Target: each @aigo/anthropic ratio within 1.05× of @aigo/openai's for the same figure, and ahead of
// both anchors (@anthropic-ai/sdk, ai + @ai-sdk/anthropic) on every figure.
//
//   node --expose-gc tooling/bench/suites/anthropic/anthropic-bench.mjs [--quick]   (after a build)
import { fileURLToPath } from 'node:url';
import { forkServer } from '../../shared/fork-server.mjs';
import {
  anchorSchedule,
  processFigures,
  stackFigures,
  startMockServer,
} from '../anchors/anchors-bench.mjs';
import { installedSpec, measureInstalledSizes } from '../anchors/installed-size.mjs';
import { ANTHROPIC_STACK_LABELS } from './anthropic-stacks.mjs';

/** The Anthropic stacks, aigo's first; the reference is @aigo/openai against its own floor. */
export const ANTHROPIC_STACKS = Object.freeze([
  'anthropic-aigo',
  'anthropic-sdk',
  'anthropic-ai-sdk',
]);
const OPENAI_REFERENCE = 'aigo-openai';

/** @aigo/anthropic's ratio may exceed @aigo/openai's by this factor at most. */
export const RELATIVE_TARGET = 1.05;

/** The figures compared, each read from a stack's result. */
export const FIGURES = Object.freeze([
  { key: 'latency', label: 'p50 latency, tiny message', read: (r) => r.latency?.time },
  {
    key: 'throughput',
    label: 'requests/s, concurrency 32 (time per request)',
    read: (r) => r.throughput?.wall,
  },
  {
    key: 'cpuPerRequest',
    label: 'CPU per request, concurrency 32',
    read: (r) => r.throughput?.cpu,
  },
  {
    key: 'cpuPerToken',
    label: 'CPU per streamed token, 5,000-token stream',
    read: (r) => r.stream?.cpu,
  },
  { key: 'rss', label: 'RSS growth, 200 open streams', read: (r) => r.process?.rss },
  { key: 'firstReply', label: 'process start → first reply', read: (r) => r.process?.firstReply },
]);

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/** The stack name whose schedule a stack gets: aigo's (longer blocks, extra passes) for @aigo/anthropic. */
const scheduleOf = (stack, quick) =>
  anchorSchedule(stack === 'anthropic-aigo' ? 'aigo' : stack, quick);

/**
 * Per figure: each stack's ratio to its floor, @aigo/anthropic's ratio over @aigo/openai's, and the
 * verdicts (within 1.05× of @aigo/openai; ahead of both anchors). A figure whose control is out of
 * tolerance for either aigo stack is VOID.
 */
export function compareFigures(stacks) {
  return FIGURES.map(({ key, label, read }) => {
    const figure = (stack) => (stacks[stack]?.error ? undefined : read(stacks[stack] ?? {}));
    const aigo = figure('anthropic-aigo');
    const openai = figure(OPENAI_REFERENCE);
    const sdk = figure('anthropic-sdk');
    const aiSdk = figure('anthropic-ai-sdk');
    const relative =
      aigo === undefined || openai === undefined ? undefined : aigo.ratio / openai.ratio;
    const anchors = [sdk, aiSdk].filter((f) => f !== undefined);
    return {
      key,
      label,
      aigo,
      openai,
      sdk,
      aiSdk,
      relative: relative === undefined ? undefined : Number(relative.toFixed(3)),
      valid: aigo?.valid === true && openai?.valid === true,
      withinTarget: relative !== undefined && relative <= RELATIVE_TARGET,
      aheadOfAnchors:
        aigo !== undefined && anchors.length === 2 && anchors.every((f) => aigo.ratio < f.ratio),
    };
  });
}

/** Every figure for every stack; resolves to the full result. `log` gets progress lines. */
export async function runAnthropicBench({
  quick = false,
  deadline = Number.POSITIVE_INFINITY,
  sizes = true,
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const schedule = anchorSchedule('aigo', quick);
  const messages = await forkServer(
    here('./anthropic-mock-server.mjs'),
    [String(schedule.tokens)],
    'the Messages API mock server',
  );
  const chat = await startMockServer(schedule.tokens);
  const stacks = {};
  const runs = [
    [OPENAI_REFERENCE, chat.origin, 'floor'],
    ...ANTHROPIC_STACKS.map((stack) => [stack, messages.origin, 'anthropic-floor']),
  ];
  try {
    for (const [stack, origin, floor] of runs) {
      const started = Date.now();
      try {
        stacks[stack] = await stackFigures(
          stack,
          origin,
          scheduleOf(stack, quick),
          deadline,
          floor,
        );
        const r = stacks[stack];
        log(
          `[anthropic] ${stack}: (a) ${r.latency.time.ratio}× (b) ${r.throughput.wall.ratio}× / CPU ${r.throughput.cpu.ratio}× (c) CPU ${r.stream.cpu.ratio}× in ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      } catch (error) {
        stacks[stack] = { error: error.message };
        log(`[anthropic] ${stack} failed: ${error.message}`);
      }
    }
    const started = Date.now();
    const processes = {
      ...(await processFigures([OPENAI_REFERENCE], chat.origin, schedule, log, deadline, 'floor')),
      ...(await processFigures(
        ANTHROPIC_STACKS,
        messages.origin,
        schedule,
        log,
        deadline,
        'anthropic-floor',
      )),
    };
    log(`[anthropic] (d)/(e) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const [stack] of runs) {
      if (stacks[stack].error === undefined) stacks[stack].process = processes[stack];
    }
  } finally {
    await messages.stop();
    await chat.stop();
  }
  let installed;
  if (sizes) {
    const started = Date.now();
    installed = await measureInstalledSizes({
      'anthropic-floor': {
        registry: [installedSpec('undici'), installedSpec('eventsource-parser')],
      },
      'anthropic-aigo': { workspace: ['ai', 'http', 'anthropic'] },
      'anthropic-sdk': { registry: [installedSpec('@anthropic-ai/sdk')] },
      'anthropic-ai-sdk': { registry: [installedSpec('ai'), installedSpec('@ai-sdk/anthropic')] },
    });
    log(`[anthropic] installed sizes in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return {
    schedule,
    streamBytes: messages.info.streamBytes,
    labels: {
      ...ANTHROPIC_STACK_LABELS,
      [OPENAI_REFERENCE]: '@aigo/openai (Chat Completions, its own floor)',
    },
    relativeTarget: RELATIVE_TARGET,
    stacks,
    figures: compareFigures(stacks),
    installed,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runAnthropicBench({ quick: process.argv.includes('--quick') });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
