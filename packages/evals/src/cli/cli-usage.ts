/** The text of `aigo-eval --help`. */
export const USAGE = `aigo-eval — run evals, compare them with a baseline, gate CI on the result

Usage:
  aigo-eval run <files...> [options]     run the experiments of eval files (.ts, .mts, .js, .mjs)
  aigo-eval compare <baseline.json> <candidate.json> [--html file] [--fail-if expr]
  aigo-eval --help | --version

An eval file exports default an experiment ({ name, dataset, task, scorers, trials?, ... }), an
array of them, or a function returning them.

Options of run:
  --replay <dir>       replay each experiment from <dir>/<name>/ (no API key or network needed)
  --record <dir>       record model traffic and tool calls into <dir>/<name>/ (forwarded once)
  --out <dir>          write each result to <dir>/<name>.json (default: eval-results)
  --html <file>        write a self-contained HTML report of every experiment
  --baseline <path>    a result file, or a folder of <name>.json files, to compare with
  --fail-if <expr>     exit 1 when the expression holds for an experiment
  --trials <n>  --concurrency <n>  --max-cost <amount>  --seed <n>
  --typescript <auto|node|esbuild>   how .ts files load (default auto: Node's type stripping, else esbuild)
  --quiet              no progress line

--fail-if grammar: comparisons joined with && and ||, ! and parentheses. A metric is a scorer's
name (its mean score), <name>.passRate, <name>.mean, cost (total task cost), costPerCase, p50 and
p95 (latency, ms), errors (failed runs). A number may end in % (divided by 100) or x (times the
baseline's figure). Example: --fail-if "accuracy < 0.9 || cost > 1.2x || p95 > 1.5x"

Exit status: 0 when no experiment meets its --fail-if condition, 1 when one does, 2 on an error
(bad arguments, a file that does not load, an experiment that could not run).
`;
