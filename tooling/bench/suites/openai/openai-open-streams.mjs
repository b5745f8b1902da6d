// One fresh process for the RSS figure: opens COUNT concurrent streams that the server holds open,
// reads the first content event of each, and reports how much the resident set grew (after gc) over
// a baseline taken once the stack was loaded and warmed up with one stream; also the growth of the
// JS heap plus external memory, which is steadier than the RSS (allocator pages come and go).
import { aigoStack, floorStack } from './openai-bench-variants.mjs';

const [variant, origin, count, openaiDist] = process.argv.slice(2);
const gc = globalThis.gc ?? (() => undefined);
const stack =
  variant === 'A'
    ? aigoStack((await import(openaiDist)).openai, origin, '/hold/v1')
    : floorStack(origin, variant, '/hold/v1');
const warm = await stack.open();
await warm();
gc();
const before = process.memoryUsage();
const closers = await Promise.all(Array.from({ length: Number(count) }, () => stack.open()));
gc();
const after = process.memoryUsage();
process.send({
  growth: after.rss - before.rss,
  heapGrowth: after.heapUsed + after.external - (before.heapUsed + before.external),
});
for (const close of closers) await close();
await stack.close();
process.disconnect();
