import { normalize } from 'node:path';
import { relativeImportGraph } from './import-graph.js';
import { listSourceFiles, type SourceFile } from './source-files.js';

/**
 * The import cycles among the source files of one package: each cycle is the list of its files
 * (package-relative, sorted). Relative imports only (`./x.js` resolves to `./x.ts` when there is no
 * `./x.js`); type-only imports count too, since a cycle of types still ties the files' designs together.
 *
 * @param packageDir - The package directory.
 * @param include - Which files take part (default: every source file — tests, tooling and apps too).
 */
export function findImportCycles(
  packageDir: string,
  include: (file: SourceFile) => boolean = () => true,
): string[][] {
  const files = listSourceFiles(packageDir).filter(include);
  const relativeOf = new Map(files.map((file) => [normalize(file.path), file.relativePath]));
  const edges = relativeImportGraph(files);
  return stronglyConnected(edges)
    .filter(
      (component) =>
        component.length > 1 || edges.get(component[0] ?? '')?.includes(component[0] ?? ''),
    )
    .map((component) => component.map((path) => relativeOf.get(path) ?? path).sort())
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Tarjan's algorithm, iterative (a deep import chain must not overflow the stack). */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++] as string;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}
