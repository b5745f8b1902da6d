// A worker process of the graph-pg benchmark's I/O-bound figure: a graph worker at concurrency 8 on
// pgGraphRunQueue and pgCheckpointer, running a diamond whose four nodes each wait 50 ms (as a model
// call does). Prints "ready" once it takes jobs; stops when its standard input closes.
//   node graph-pg-worker.mjs '{"url":…,"checkpoints":…,"queues":…,"queueName":…,"concurrency":8}'
import { packageDist } from '../../shared/paths.mjs';

const args = JSON.parse(process.argv[2]);
const { createGraph, createGraphWorker } = await import(packageDist('graph').href);
const { pgCheckpointer, pgGraphRunQueue } = await import(packageDist('graph-pg').href);

const wait = () => new Promise((resolve) => setTimeout(resolve, 50));
const after = (value) => async () => {
  await wait();
  return value;
};
const graph = createGraph('d', { name: 'io' })
  .addNode('a', after(1))
  .addNode('b', after(2))
  .addNode('c', after(3))
  .addNode('d', after(5))
  .addEdge('a', 'b')
  .addEdge('a', 'c')
  .addEdge('b', 'd')
  .addEdge('c', 'd');

const checkpointer = pgCheckpointer({
  connectionString: args.url,
  schema: args.checkpoints,
  poolSize: args.concurrency + 2,
});
const queue = pgGraphRunQueue({
  connectionString: args.url,
  schema: args.queues,
  queueName: args.queueName,
  pollingIntervalSeconds: 0.5,
  poolSize: args.concurrency + 2,
});
const worker = createGraphWorker({
  queue,
  checkpointer,
  graphs: [graph],
  concurrency: args.concurrency,
});
await worker.start();
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.on('close', resolve).resume());
await worker.stop();
await queue.close();
await checkpointer.close();
