// Where things are, for every part of the bench: the repository, the bench package and its results.
// The one place that knows the folder layout (runner/, shared/, suites/<name>/, results/).
import { fileURLToPath } from 'node:url';

/** The repository root, as a file URL ending in `/`. */
export const repositoryRoot = new URL('../../../', import.meta.url);

/** The bench package's folder (the floor's and the anchors' modules resolve from here), as a path. */
export const benchDirectory = fileURLToPath(new URL('../', import.meta.url));

/** Where runs write their reports, JSON and logs, as a path ending in `/`; only latest.md is committed. */
export const resultsDirectory = fileURLToPath(new URL('../results/', import.meta.url));

/** A workspace package's folder, `packages/<name>/`, as a file URL. */
export const packageDirectory = (name) => new URL(`packages/${name}/`, repositoryRoot);

/** A workspace package's built entry, `packages/<name>/dist/index.js`, as a file URL. */
export const packageDist = (name) => new URL('dist/index.js', packageDirectory(name));
