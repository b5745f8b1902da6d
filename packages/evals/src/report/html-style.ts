/** The report's style sheet (inline: the page loads nothing). */
export const REPORT_STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; }
body { margin: 2rem auto; max-width: 1200px; padding: 0 1.5rem; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: 1.5rem; }
h2 { font-size: 1.2rem; margin-top: 2.5rem; border-bottom: 1px solid #e5e7eb; padding-bottom: .3rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
h4 { font-size: .8rem; text-transform: uppercase; color: #6b7280; margin: .6rem 0 .2rem; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid #f3f4f6; vertical-align: top; }
th { background: #f9fafb; font-weight: 600; }
.muted { color: #6b7280; font-size: .85em; }
.warn { color: #b45309; }
.worse { color: #dc2626; }
.better { color: #16a34a; }
.swatch { display: inline-block; width: .7rem; height: .7rem; border-radius: 50%; margin-right: .4rem; }
.summary-line { font-weight: 600; font-size: 1.05rem; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5rem; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: .3rem; }
svg.chart { width: 440px; height: 280px; background: #fff; border: 1px solid #e5e7eb; border-radius: 6px; }
svg.histogram { width: 260px; height: 120px; border: 1px solid #e5e7eb; border-radius: 6px; }
svg .grid { stroke: #e5e7eb; stroke-width: 1; }
svg .tick { font-size: 10px; fill: #6b7280; }
svg .axis { font-size: 11px; fill: #374151; }
svg .label { font-size: 11px; fill: #111827; }
.case { border: 1px solid #e5e7eb; border-radius: 6px; padding: .6rem 1rem; margin: .8rem 0; }
.case h3 { margin-top: .2rem; }
.scores { margin: .2rem 0; padding-left: 1.2rem; font-size: .9rem; }
.io { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
pre { background: #f9fafb; border-radius: 4px; padding: .5rem; white-space: pre-wrap; word-break: break-word; font-size: .8rem; max-height: 18rem; overflow: auto; margin: 0; }
pre.error { background: #fef2f2; color: #991b1b; }
`;
