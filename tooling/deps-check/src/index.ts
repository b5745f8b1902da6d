/**
 * `@aigo/deps-check` — the dependency-rule check of the aigo monorepo (ARCHITECTURE.md, "The dependency rule"), and the workspace
 * reader the other repository tools share.
 *
 * @packageDocumentation
 */

export {
  type CheckResult,
  checkPackages,
  checkWorkspace,
  formatViolation,
  type Violation,
} from './check.js';
export { findImportCycles } from './cycles.js';
export {
  countLines,
  findOversizedFiles,
  isGenerated,
  MAX_SOURCE_LINES,
  type OversizedFile,
} from './file-size.js';
export { relativeImportGraph } from './import-graph.js';
export { findImports, type ImportSite, packageNameOf } from './imports.js';
export { isLibraryDirectory, type Layer, layerOf, layerViolation } from './layers.js';
export { declaredNames, type PackageManifest, readManifest } from './manifest.js';
export { entryFiles, findUnreachableFiles, type UnreachableFile } from './reachability.js';
export {
  classify,
  isHelperUnderSrc,
  isNonTestSource,
  listSourceFiles,
  type SourceFile,
  type SourceKind,
} from './source-files.js';
export {
  findWorkspaceRoot,
  parseWorkspaceGlobs,
  readWorkspace,
  type Workspace,
  type WorkspacePackage,
} from './workspace.js';
