// The partial JSON parser of @aigo/client (`createPartialJsonParser`, what a structured stream and a
// typed agent's `partial_answer` events read answers with), against one `JSON.parse` of the same
// answer (not a test).
//
//   node --expose-gc tooling/bench/suites/structured/partial-json-bench.mjs      (after `pnpm build`)
//
// A 50 KB object (a catalogue: a title, a summary, 212 items with strings, numbers, booleans and a
// list of tags) streamed in 1,000 chunks. P: the parser reads each chunk, building the value as it
// goes (the verdict's figure). T: the same, and a new partial taken (`current()`) after every chunk
// that changed the value, as a reader that keeps up with the stream gets them — each a new value,
// which copies the containers still open (the catalogue's array of items among them) once per
// partial (information). The floor F is one `JSON.parse` of the whole text; F′, the control, the same
// on an identical copy. CPU time of this process, interleaved blocks balanced for carry-over, the
// median over rounds of the per-round ratio. Linearity: P's CPU per KB on a 100 KB answer in 2,000
// chunks over that on the 50 KB one (1.00: linear; a parser that re-read the prefix at every chunk
// would double it). Target: P/F ≤ 3.
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { fullGc, interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDist as dist } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

export const TARGETS = Object.freeze({ ratio: 3 });

const WORDS = [
  'river',
  'tile',
  'hill',
  'lantern',
  'market',
  'harbour',
  'garden',
  'bridge',
  'window',
  'stone',
  'copper',
  'orchard',
  'meadow',
  'signal',
  'canvas',
  'thread',
  'summit',
  'valley',
  'ember',
  'cedar',
];

/** A deterministic catalogue of about `items` × 250 bytes of JSON. */
export function catalogue(items) {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const word = () => WORDS[Math.floor(next() * WORDS.length)];
  const sentence = (count) => Array.from({ length: count }, word).join(' ');
  return {
    title: `Catalogue of ${sentence(3)}`,
    summary: sentence(120),
    items: Array.from({ length: items }, (_, index) => ({
      id: `item-${index + 1}`,
      name: `${word()} ${word()}`,
      description: `${sentence(14)}.`,
      price: Math.round(next() * 100_000) / 100,
      quantity: Math.floor(next() * 500),
      inStock: next() > 0.3,
      tags: [word(), word(), word()],
    })),
  };
}

/** `text` cut into `count` chunks of (nearly) equal length, each a string of its own. */
export function chunksOf(text, count) {
  const size = Math.ceil(text.length / count);
  const chunks = [];
  for (let at = 0; at < text.length; at += size) {
    chunks.push(Buffer.from(text.slice(at, at + size)).toString());
  }
  return chunks;
}

const JSON_SCHEMA = Object.freeze({ type: 'object' });

/**
 * Reads every chunk (taking every partial with `everyPartial`); returns the value at the end (so
 * nothing is optimised away).
 */
function parseStreamed(createPartialJsonParser, chunks, everyPartial) {
  const parser = createPartialJsonParser({ jsonSchema: JSON_SCHEMA });
  let last;
  for (const chunk of chunks) {
    if (parser.push(chunk) && everyPartial) last = parser.current();
  }
  return everyPartial ? last : parser.current();
}

export async function runPartialJsonBench({ rounds = 15, reps = 20 } = {}) {
  const { createPartialJsonParser } = await import(dist('client').href);
  const object = catalogue(212);
  const text = JSON.stringify(object);
  const copy = Buffer.from(text).toString();
  const chunks = chunksOf(text, 1000);
  const big = JSON.stringify(catalogue(424));
  const bigChunks = chunksOf(big, 2000);

  // The parser's last partial is the object JSON.parse reads.
  for (const everyPartial of [false, true]) {
    const parsed = parseStreamed(createPartialJsonParser, chunks, everyPartial);
    if (JSON.stringify(parsed) !== JSON.stringify(object)) {
      throw new Error('the partial parser did not end at the parsed object');
    }
  }

  let sink = 0;
  const arms = {
    P: async () => {
      for (let rep = 0; rep < reps; rep++) {
        sink ^= parseStreamed(createPartialJsonParser, chunks, false) ? 1 : 0;
      }
    },
    T: async () => {
      for (let rep = 0; rep < reps; rep++) {
        sink ^= parseStreamed(createPartialJsonParser, chunks, true) ? 1 : 0;
      }
    },
    F: async () => {
      for (let rep = 0; rep < reps; rep++) sink ^= JSON.parse(text) ? 1 : 0;
    },
    Fc: async () => {
      for (let rep = 0; rep < reps; rep++) sink ^= JSON.parse(copy) ? 1 : 0;
    },
    L: async () => {
      for (let rep = 0; rep < reps; rep++) {
        sink ^= parseStreamed(createPartialJsonParser, bigChunks, false) ? 1 : 0;
      }
    },
  };
  await interleaved(arms, 20); // warm-up (JIT)
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    fullGc();
    const totals = await interleaved(arms, 6);
    const per = (name) => totals[name] / (6 * reps);
    samples.push({
      P: per('P'),
      T: per('T'),
      F: per('F'),
      Fc: per('Fc'),
      L: per('L'),
      ratio: totals.P / totals.F,
      everyPartialRatio: totals.T / totals.F,
      control: totals.Fc / totals.F,
      linearity: totals.L / big.length / (totals.P / text.length),
    });
  }
  const pick = (key) => median(samples.map((sample) => sample[key]));
  const ratio = round3(pick('ratio'));
  const control = round3(pick('control'));
  return {
    bytes: text.length,
    chunks: chunks.length,
    rounds,
    reps,
    parserUs: round3(pick('P')),
    everyPartialUs: round3(pick('T')),
    everyPartialRatio: round3(pick('everyPartialRatio')),
    jsonParseUs: round3(pick('F')),
    ratio,
    control,
    linearity: { bytes: big.length, chunks: bigChunks.length, ratio: round3(pick('linearity')) },
    targets: TARGETS,
    verdict: Math.abs(control - 1) > 0.03 ? 'VOID' : ratio <= TARGETS.ratio ? 'ok' : 'over',
    sink,
  };
}

export function partialJsonTable(r) {
  return [
    '| figure | result | target |',
    '| --- | --- | --- |',
    `| partial parser, ${(r.bytes / 1024).toFixed(1)} KB in ${r.chunks} chunks | ${r.parserUs} µs | — |`,
    `| the same, a new partial taken after every chunk | ${r.everyPartialUs} µs (${r.everyPartialRatio}×) | — |`,
    `| one JSON.parse of the same text | ${r.jsonParseUs} µs | — |`,
    `| ratio (control F′/F ${r.control}) | ${r.ratio}× | ≤ ${r.targets.ratio}× |`,
    `| linearity: CPU per KB at ${(r.linearity.bytes / 1024).toFixed(1)} KB / at ${(r.bytes / 1024).toFixed(1)} KB | ${r.linearity.ratio} | ≈ 1 |`,
  ].join('\n');
}

export async function main() {
  if (!packagesBuilt('structured', ['ai', 'client'])) return undefined;
  const result = await runPartialJsonBench();
  process.stdout.write(
    `\n${partialJsonTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('structured', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
