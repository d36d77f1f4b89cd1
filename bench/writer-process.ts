import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Ready } from './spawn-servers';
import type { WriterKind } from './writers';

// Writers run in a child process (bench/writers-child.ts): in this one they would slow the load generator down.
// `mark` asks for the counts so far; `stop` ends the writers and gives their totals.
type Counts = { writes: number; errors: number };
export async function startWriterProcess(ready: Ready, kinds: WriterKind[], forMs = 0) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/writers-child.ts', JSON.stringify({ ...ready, everySlug: [] }), kinds.join(',')], { stdio: ['pipe', 'pipe', 'inherit'] });
  if (forMs) await new Promise((r) => setTimeout(r, forMs));
  const lines = createInterface({ input: proc.stdout! });
  // The child's next line; none if it died (its output closed): the run goes on, its writes unknown (0).
  const next = () => new Promise<Counts>((resolve) => {
    const none = () => resolve({ writes: 0, errors: 0 });
    lines.once('close', none);
    lines.once('line', (l) => { lines.off('close', none); resolve(JSON.parse(l)); });
  });
  return {
    mark: () => {
      const counts = next();
      proc.stdin!.write('\n');
      return counts;
    },
    stop: () => {
      const counts = next();
      proc.stdin!.end();
      return counts;
    },
  };
}
