// The retrieval section's rows in the bench report's summary table (area, figure, aigo, floor, ratio,
// control, target, verdict), and its detail table.
import { absoluteVerdict, num, row, times } from '../../runner/report/format.mjs';

const AREA = 'retrieval (@aigo/retrieval)';
/** chunkMarkdown of 1 MiB: at most this many ms. */
const CHUNKING_TARGET_MS = 100;
/** Ingestion into PostgreSQL with the fake embedder: at least this many chunks/s. */
const INGEST_TARGET = 5_000;

/** The summary rows of a retrieval result. */
export function retrievalRows(r) {
  const c = r.chunking;
  const i = r.ingestion;
  const rows = [
    [
      AREA,
      `chunkMarkdown of a ${num(c.markdownBytes / 1024 / 1024, 2)} MiB file (${num(c.markdownChunks)} chunks)`,
      `${num(c.markdownMs, 1)} ms`,
      '—',
      '—',
      '—',
      `< ${CHUNKING_TARGET_MS} ms`,
      absoluteVerdict(c.markdownMs < CHUNKING_TARGET_MS),
    ],
  ];
  if (i.skipped) {
    rows.push([AREA, 'ingest into PostgreSQL', '—', '—', '—', '—', '—', `skipped: ${i.skipped}`]);
  } else {
    rows.push([
      AREA,
      `ingest ${num(i.chunks)} chunks (${i.dimensions} dimensions, fake embedder) into PostgreSQL, exact mode; floor: store.upsert of the same records`,
      `${num(i.chunksPerSecond)} chunks/s`,
      `${num(i.floorChunksPerSecond)} chunks/s`,
      times(i.ratio),
      num(i.control, 3),
      `> ${num(INGEST_TARGET)} chunks/s`,
      absoluteVerdict(i.chunksPerSecond > INGEST_TARGET),
    ]);
  }
  return rows;
}

/** The section's detail table. */
export function retrievalBenchTable(r) {
  const c = r.chunking;
  const i = r.ingestion;
  const lines = [
    '## retrieval',
    '',
    row(['figure', 'value']),
    row(['---', '---']),
    row([
      `chunkMarkdown, ${num(c.markdownBytes)} bytes (maxTokens 512)`,
      `${num(c.markdownMs, 1)} ms, ${num(c.markdownChunks)} chunks`,
    ]),
    row([`chunkText, the same text`, `${num(c.textMs, 1)} ms, ${num(c.textChunks)} chunks`]),
    row([
      `chunkHtml, ${num(c.htmlBytes)} bytes`,
      `${num(c.htmlMs, 1)} ms, ${num(c.htmlChunks)} chunks`,
    ]),
  ];
  if (i.skipped) lines.push(row(['ingestion into PostgreSQL', `skipped: ${i.skipped}`]));
  else {
    lines.push(
      row([
        `ingest, ${num(i.documents)} documents, ${num(i.chunks)} chunks (median of ${i.rounds} rounds)`,
        `${num(i.chunksPerSecond)} chunks/s`,
      ]),
      row([
        'floor: store.upsert of the same records, embedded beforehand',
        `${num(i.floorChunksPerSecond)} chunks/s`,
      ]),
      row(['ingest / floor (time), control', `${times(i.ratio)}, ${num(i.control, 3)}`]),
      row([
        'ingest again, every document unchanged',
        `${num(i.unchangedDocumentsPerSecond)} documents/s`,
      ]),
    );
  }
  return lines.join('\n');
}
