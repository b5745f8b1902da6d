// Builds the devtools page into assets/ (shipped in the package): ui/main.tsx and its imports —
// Preact, dagre, uPlot — bundled and minified into one ES module, and ui/style.css with uPlot's
// stylesheet into one CSS file. No CDN: the page works offline. Run by `pnpm build`.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'assets');
await mkdir(outdir, { recursive: true });
await build({
  entryPoints: { app: join(root, 'ui/main.tsx') },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome110', 'firefox115', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
await build({
  entryPoints: { app: join(root, 'ui/style.css') },
  outdir,
  bundle: true,
  minify: true,
  logLevel: 'warning',
});
