// `pnpm docs:check`: keeps the Markdown of the repository true to the tree it describes.
//
//   paths   every relative link of every tracked Markdown file, and every repository path written in
//           inline code (`packages/openai/src/…`, `tooling/bench/results/latest.md`), names a file or
//           folder that exists — relative to the Markdown file, or to the repository root for inline
//           code. Globs and placeholders (`*`, `<name>`, `…`) are not paths and are skipped.
//   blocks  every ```ts (or ```typescript) block of every README compiles with strict TypeScript
//           against the built packages (`pnpm build` first), as a module of this package, which
//           depends on every publishable package and on the libraries the READMEs use, as a user's
//           project would. A block that is not a whole program is marked ```ts fragment and is not
//           compiled.
//
// `node tooling/docs-check/docs-check.mjs [paths|blocks]` (both by default). Exit code 1 on a problem.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const wanted = new Set(process.argv.slice(2));
const run = (part) => wanted.size === 0 || wanted.has(part);

/** The Markdown files git tracks (fixtures, whose text is data, excepted). */
function markdownFiles() {
  const listed = spawnSync('git', ['ls-files', '-z', '--', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout
    .split('\0')
    .filter(
      (path) => path !== '' && !/(^|\/)(fixtures|golden|node_modules|\.changeset)\//.test(path),
    )
    .filter((path) => existsSync(join(root, path)));
}

/** The text of a Markdown file outside its fenced code blocks, and the blocks themselves. */
export function splitMarkdown(text) {
  const prose = [];
  const blocks = [];
  let block;
  for (const [index, line] of text.split('\n').entries()) {
    const fence = /^\s*(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(line);
    if (block === undefined && fence) {
      block = { marker: fence[1], lang: fence[2], info: fence[3], line: index + 1, lines: [] };
    } else if (block !== undefined && line.trim().startsWith(block.marker)) {
      blocks.push({ ...block, code: block.lines.join('\n') });
      block = undefined;
    } else if (block !== undefined) {
      block.lines.push(line);
    } else {
      prose.push({ line: index + 1, text: line });
    }
  }
  return { prose, blocks };
}

const REPO_PATH = /^(?:\.\/)?(packages|apps|tooling|docs|\.ci|\.changeset)\/[\w@./-]+$/;
const NOT_A_PATH = /[*<>…{}$]|\.\.\./;

/** The paths a Markdown file names: its relative links, and repository paths in inline code. */
export function namedPaths(prose) {
  const found = [];
  for (const { line, text } of prose) {
    const outsideCode = text.replace(/`[^`]*`/g, '``');
    for (const match of outsideCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      found.push({ line, path: decodeURI(target.split('#')[0]), kind: 'link' });
    }
    for (const match of text.matchAll(/`([^`\s]+)`/g)) {
      const code = match[1].replace(/[:,;]$/, '');
      if (REPO_PATH.test(code) && !NOT_A_PATH.test(code))
        found.push({ line, path: code, kind: 'code' });
    }
  }
  return found;
}

function checkPaths(files) {
  const problems = [];
  for (const file of files) {
    const { prose } = splitMarkdown(readFileSync(join(root, file), 'utf8'));
    for (const { line, path, kind } of namedPaths(prose)) {
      if (path === '') continue;
      const fromFile = resolve(root, dirname(file), path);
      const fromRoot = resolve(root, path);
      const ok =
        kind === 'link' ? existsSync(fromFile) : existsSync(fromFile) || existsSync(fromRoot);
      if (!ok) problems.push(`${file}:${line}: ${path} does not exist`);
    }
  }
  return problems;
}

/** Where every README's blocks compile: this package, which depends on all the others. */
function hostOf() {
  return 'tooling/docs-check';
}

function checkBlocks(files) {
  const readmes = files.filter((file) => /(^|\/)README\.md$/.test(file));
  const byHost = new Map();
  for (const file of readmes) {
    const host = hostOf();
    const { blocks } = splitMarkdown(readFileSync(join(root, file), 'utf8'));
    for (const block of blocks) {
      if (block.lang !== 'ts' && block.lang !== 'typescript') continue;
      if (/\bfragment\b/.test(block.info)) continue;
      if (!byHost.has(host)) byHost.set(host, []);
      byHost.get(host).push({ file, ...block });
    }
  }
  const require = createRequire(join(root, 'package.json'));
  const tsc = require.resolve('typescript/bin/tsc');
  const problems = [];
  for (const [host, blocks] of byHost) {
    const dir = join(root, host, '.docs-check');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const names = blocks.map((block, index) => {
      const name = `block-${index + 1}.ts`;
      writeFileSync(join(dir, name), `${block.code}\n\nexport {};\n`);
      return name;
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2023',
          lib: ['es2023'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
          skipLibCheck: true,
        },
        files: names,
      }),
    );
    const result = spawnSync(
      process.execPath,
      [tsc, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) {
      for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
        const where = /^(block-(\d+)\.ts)\((\d+),\d+\): (.*)$/.exec(line.trim());
        if (where) {
          const block = blocks[Number(where[2]) - 1];
          problems.push(`${block.file}:${block.line + Number(where[3])}: ${where[4]}`);
        } else if (line.trim() !== '') {
          problems.push(`${host}: ${line.trim()}`);
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return { problems, count: [...byHost.values()].reduce((sum, blocks) => sum + blocks.length, 0) };
}

const files = markdownFiles();
const problems = [];
if (run('paths')) {
  const found = checkPaths(files);
  problems.push(...found);
  console.log(`docs:check paths: ${files.length} Markdown files, ${found.length} missing path(s)`);
}
if (run('blocks')) {
  const { problems: found, count } = checkBlocks(files);
  problems.push(...found);
  console.log(`docs:check blocks: ${count} TypeScript blocks compiled, ${found.length} error(s)`);
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(
    `\ndocs:check: ${problems.length} problem(s). Fix the path or the code; mark a block that is not a whole program \`\`\`ts fragment.`,
  );
  process.exit(1);
}
