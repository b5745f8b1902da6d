// The detail tables of the bench report: one per section that has more to say than its summary rows
// (stream, gemini, memory-pg, imports, sizes; client, react, graph and observability print their own).
import { inTolerance, num, row, times } from './format.mjs';

/** The SSE-decode section in full: both mappers, CPU and wall time, every variant. */
export function streamDetails(stream) {
  const lines = [
    `### SSE decode: ${num(stream.events)} events (${num(stream.bodyBytes / 1024)} KiB) through @aigo/http vs the floor`,
    '',
    'A: `postSse` → `toChatStream(mapper)` → `for await`; C: the same stream read with `collect()`; F: undici.request + eventsource-parser (F′ its copy, the control); H: undici + the @aigo/http decoder, no ChatStream; I: the floor behind a hand-written async iterator. Medians over rounds of the per-round ratios; CPU time is the verdict, wall time is for information.',
    '',
    '| mapper | time | A ms | C ms | F ms | A/F | C/F | control F′/F | H/F | I/F | A/I | A − F per event | rounds × block |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const mode of ['minimal', 'json']) {
    const suite = stream[mode];
    for (const metric of ['cpu', 'wall']) {
      const f = suite[metric];
      lines.push(
        row([
          mode === 'json' ? 'JSON.parse per frame' : 'minimal',
          metric === 'cpu' ? 'CPU' : 'wall',
          num(f.medianMs.A, 2),
          num(f.medianMs.C, 2),
          num(f.medianMs.F, 2),
          `**${times(f.ratio)}**`,
          `**${times(f.collectRatio)}**`,
          `${num(f.control, 3)}${inTolerance(f.control) ? '' : ' (out)'}`,
          times(f.decoderRatio),
          times(f.iteratorRatio),
          times(f.overIteratorRatio),
          `${num(f.perEventOverheadNs)} ns`,
          `${suite.rounds} × ${suite.iterations}`,
        ]),
      );
    }
  }
  return lines.join('\n');
}

/** The Gemini section: chunks/s of each variant and the attempts it took. */
export function geminiDetails(g) {
  return [
    `### @aigo/gemini: ${num(g.events)} alt=sse chunks (${num(g.bodyBytes / 1024)} KiB), wall time`,
    '',
    '| A (aigo) ms | F (floor) ms | A chunks/s | F chunks/s | A/F | control F′/F | M/F (transport only) | per-chunk overhead | rounds × iterations |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row([
      num(g.medianMs.A, 2),
      num(g.medianMs.F, 2),
      num(g.chunksPerSecond.A),
      num(g.chunksPerSecond.F),
      `**${times(g.ratio)}**`,
      num(g.control, 3),
      times(g.transportRatio),
      `${num(g.perChunkOverheadNs)} ns`,
      `${g.rounds} × ${g.iterations}`,
    ]),
  ].join('\n');
}

/** The memory-pg section: the server, its settings and each round. */
export function memoryPgDetails(m) {
  if (m.skipped) return `### @aigo/memory-pg\n\nSkipped: ${m.skipped}.`;
  return [
    `### @aigo/memory-pg vs raw pg (PostgreSQL ${m.server}, ${m.rounds} rounds, medians)`,
    '',
    `Settings: ${m.settings.map((s) => `${s.name}=${s.setting}`).join(', ')}. Floor: the same SQL through a bare \`pg.Pool\` of ${m.poolSize}; floor′ its copy (the control).`,
    '',
    '| figure | aigo | floor | aigo / floor | control floor′ / floor | plain two-row INSERT (information) |',
    '|---|---:|---:|---:|---:|---:|',
    row([
      'turns/s',
      num(m.throughput.aigoTurnsPerSecond),
      num(m.throughput.floorTurnsPerSecond),
      times(m.throughput.ratio),
      num(m.throughput.control, 3),
      num(m.throughput.plainInsertTurnsPerSecond),
    ]),
    row([
      `load ${num(m.load.messages)} messages`,
      `${num(m.load.aigoMs, 1)} ms`,
      `${num(m.load.floorMs, 1)} ms`,
      times(m.load.ratio),
      num(m.load.control, 3),
      '—',
    ]),
  ].join('\n');
}

/** Cold import of every module measured. */
export function importDetails(imports) {
  return [
    `### Cold import (a fresh \`node\` process per sample, median of ${imports.samples})`,
    '',
    '| module | `await import()` ms | whole process ms |',
    '|---|---:|---:|',
    ...imports.rows.map((r) => row([r.specifier, num(r.importMs, 1), num(r.processMs, 1)])),
  ].join('\n');
}

/** Installed size of each stack, with what was installed. */
export function sizeDetails(sizes) {
  return [
    '### Installed size of each stack (`npm install` into an empty folder, peers excluded, `du -sk node_modules`)',
    '',
    '| stack | installs | packages | KiB |',
    '|---|---|---:|---:|',
    ...Object.entries(sizes).map(([stack, s]) =>
      row([
        stack,
        s.specs.join(', '),
        s.error ? '—' : String(s.packages),
        s.error ? `failed: ${s.error}` : num(s.kb),
      ]),
    ),
  ].join('\n');
}
