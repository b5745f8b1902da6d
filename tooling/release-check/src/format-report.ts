import type { PackageReport } from './check-package.js';
import { formatBytes } from './size-budget.js';

/**
 * Formats one package's verdict: a headline (`ok` or `FAIL`, name, version, size against budget) and,
 * on failure, one `- ` line per problem.
 *
 * @param report - The package's report.
 */
export function formatReport(report: PackageReport): string {
  const size =
    report.bytes === undefined
      ? 'not packed'
      : report.budget === undefined
        ? formatBytes(report.bytes)
        : `${formatBytes(report.bytes)} of ${formatBytes(report.budget)}`;
  const status = report.problems.length === 0 ? 'ok  ' : 'FAIL';
  const lines = [`${status} ${report.name}@${report.version} (${size})`];
  for (const problem of report.problems) lines.push(`  - ${problem}`);
  return lines.join('\n');
}
