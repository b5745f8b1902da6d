// The Markdown table of the vectors bench (the runner's report and the standalone run print it).

const fmt = (value, digits = 0) =>
  value === undefined || value === null
    ? '—'
    : Number(value).toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      });

/** The vectors bench result as a Markdown section. */
export function vectorsBenchTable(result) {
  if (result.skipped) return `## vectors\n\nSkipped: ${result.skipped}.`;
  const lines = [
    `## @aigo/vector-pg and the retriever (${fmt(result.count)} vectors of ${result.dimensions} dimensions, cosine, top-${result.topK})`,
    '',
    '| store | upsert vectors/s | query top-10/s | query median ms | recall@10 |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const store of result.stores) {
    if (store.skipped) {
      lines.push(`| ${store.name} | skipped: ${store.skipped} | | | |`);
      continue;
    }
    lines.push(
      `| ${store.name} | ${fmt(store.upsertPerSecond)} | ${fmt(store.queriesPerSecond, 1)} | ${fmt(store.queryMedianMs, 2)} | ${fmt(store.recall, 3)} |`,
    );
  }
  for (const r of [result.retriever, result.retrieverInMemory]) {
    if (r === undefined) continue;
    lines.push(
      '',
      `Retriever overhead on ${r.store} (${r.pairs} paired calls, medians): raw \`store.query(vector)\` ${fmt(r.rawMs, 3)} ms, \`retriever.retrieve(text)\` with the fake embedder ${fmt(r.retrieverMs, 3)} ms; overhead ${fmt(r.overheadMs, 3)} ms per call (${fmt(r.overheadPercent, 1)} % of the raw query).`,
    );
  }
  lines.push(
    '',
    'PGlite is PostgreSQL in WebAssembly, single-session and in-process: its figures do not predict pgvector on a real server.',
  );
  return lines.join('\n');
}
