import { createInterface } from 'node:readline';
import { startWriters, type WriterKind } from './writers';
import type { Ready } from './spawn-servers';

// The writers in a process of their own, so their requests do not share an event loop with the load generator
// (autocannon): the figures measure the server, not the client. Reads the Ready record as JSON from argv, writes
// until stdin closes, then prints {writes, errors}. Each line read on stdin before that is answered with the counts
// so far, as one JSON line (the parent marks where its measured window starts).
const ready = JSON.parse(process.argv[2]) as Ready;
const kinds = process.argv[3].split(',') as WriterKind[];
const writers = startWriters(ready, kinds);
const input = createInterface({ input: process.stdin });
input.on('line', () => process.stdout.write(`${JSON.stringify(writers.count())}\n`));
input.on('close', async () => {
  process.stdout.write(`${JSON.stringify(await writers.stop())}\n`);
  process.exit(0);
});
