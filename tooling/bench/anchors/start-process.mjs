// One fresh process per stack and round for figures (e) and (d):
// (e) process start → first reply: builds the stack (importing what it needs), sends one tiny
//     completion and tells the parent, which times from spawn to that message;
// (d) then opens COUNT concurrent streams that the server holds open, reads the first content delta
//     of each, and reports how much the resident set grew (after gc) over a baseline taken once a
//     stack for held streams was built and warmed up with one stream; also the growth of the JS heap
//     plus external memory, steadier than the RSS (allocator pages come and go, and V8 may or may not
//     grow its young generation while the streams open: the RSS figure is often bimodal).
//
//   argv: <stack> <origin> <count>     messages to the parent: { firstReply }, then { growth, heapGrowth }
import { createStack } from './stacks.mjs';

const [name, origin, count] = process.argv.slice(2);
const gc = () => {
  globalThis.gc?.();
  globalThis.gc?.();
};

const stack = await createStack(name, origin);
const reply = await stack.send();
if (!reply) throw new Error(`${name}: empty reply`);
process.send({ firstReply: true });

const held = await createStack(name, origin, '/hold/v1');
const warm = await held.open();
await warm();
gc();
const before = process.memoryUsage();
const closers = await Promise.all(Array.from({ length: Number(count) }, () => held.open()));
gc();
const after = process.memoryUsage();
for (const close of closers) await close();
await held.close();
await stack.close();
process.send(
  {
    growth: after.rss - before.rss,
    heapGrowth: after.heapUsed + after.external - (before.heapUsed + before.external),
  },
  () => process.exit(0),
);
