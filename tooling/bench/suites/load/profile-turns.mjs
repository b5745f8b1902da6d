// A profiling aid (not part of `pnpm bench`): runs one variant of the load bench alone, N × T, so
// `node --cpu-prof` sees only its work.
//   node --cpu-prof --cpu-prof-dir=/tmp/prof tooling/bench/suites/load/profile-turns.mjs aigo 500 3
import { main } from './load-bench.mjs';

const [variant = 'aigo', conversations = '500', turns = '3'] = process.argv.slice(2);
const result = await main({
  only: variant,
  configs: [{ conversations: Number(conversations), turns: Number(turns), rounds: 1 }],
});
console.log(JSON.stringify(result?.configs[0], null, 1));
