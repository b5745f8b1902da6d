// One fresh process per stack and round for figures (e) and (d):
// (e) process start → first reply: builds the stack (importing what it needs), sends one tiny
//     completion and tells the parent, which times from spawn to that message;
// (d) then opens COUNT concurrent streams that the server holds open, reads the first content delta
//     of each, and reports how much the resident set grew (after gc) over a baseline taken once a
//     stack for held streams was built and warmed up with one stream; also the growth of the JS heap
//     plus external memory, steadier than the RSS (allocator pages come and go). "After gc" means a
//     full collection, 200 ms for V8's concurrent sweeping and the allocator to hand pages back, and
//     another full collection: read at once after one gc(), the RSS growth of identical processes
//     ranged from 0 to 36 MiB; read this way, within about ±1 MiB (with a rare outlier), and within
//     ±0.4 MiB when the parent runs this process with one malloc arena (MALLOC_ARENA_MAX=1), as it
//     does. The growth of V8's committed young generation is reported too.
//
//   argv: <stack> <origin> <count>     messages to the parent: { firstReply }, then { growth, heapGrowth }
import { getHeapSpaceStatistics } from 'node:v8';
import { createStack } from './stacks.mjs';

/** Bytes V8 has committed to its young generation (new space and new large-object space). */
const youngGeneration = () =>
  getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('new_'))
    .reduce((sum, space) => sum + space.space_size, 0);

const [name, origin, count] = process.argv.slice(2);
const gc = async () => {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc?.();
};

const stack = await createStack(name, origin);
const reply = await stack.send();
if (!reply) throw new Error(`${name}: empty reply`);
process.send({ firstReply: true });

const held = await createStack(name, origin, '/hold/v1');
const warm = await held.open();
await warm();
await gc();
const before = process.memoryUsage();
const youngBefore = youngGeneration();
const closers = await Promise.all(Array.from({ length: Number(count) }, () => held.open()));
await gc();
const after = process.memoryUsage();
const youngAfter = youngGeneration();
for (const close of closers) await close();
await held.close();
await stack.close();
process.send(
  {
    growth: after.rss - before.rss,
    heapGrowth: after.heapUsed + after.external - (before.heapUsed + before.external),
    youngGrowth: youngAfter - youngBefore,
  },
  () => process.exit(0),
);
