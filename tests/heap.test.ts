import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { heapGrowthPercent } from '../transport/heap';

describe('HEAP_GROWTH_PERCENT', () => {
  it.each<[string | undefined, number]>([
    [undefined, 30],
    ['', 30],
    ['  ', 30],
    ['0', 0],
    ['50', 50],
    ['400', 400],
  ])('%j gives %i', (value, expected) => {
    expect(heapGrowthPercent(value)).toBe(expected);
  });

  it.each(['-1', '401', '12.5', 'lots', '30%'])('refuses %j, naming the setting', (value) => {
    expect(() => heapGrowthPercent(value)).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  // The flag really bounds the heap: a process keeping ~40 MB live while churning garbage that outlives young
  // collections peaks lower with it than without (V8 alone lets the old generation reach several times what is live).
  it('keeps the heap of a garbage-churning process nearer to what is live', () => {
    const script = `
      const { limitHeapGrowth } = await import(${JSON.stringify(new URL('../transport/heap.ts', import.meta.url).pathname)});
      limitHeapGrowth({ HEAP_GROWTH_PERCENT: process.argv[1] });
      const v8 = await import('node:v8');
      const live = []; for (let i = 0; i < 300000; i++) live.push({ a: 'x' + i, b: [i, i + 1] });
      const base = v8.getHeapStatistics().used_heap_size;
      let peak = 0; let keep = [];
      for (let r = 0; r < 3000; r++) {
        for (let i = 0; i < 2000; i++) keep.push({ s: 'y' + i + r, n: [i] });
        if (keep.length > 40000) keep = keep.slice(20000);
        if (r % 25 === 0) peak = Math.max(peak, v8.getHeapStatistics().used_heap_size);
      }
      console.log(peak / base);`;
    // Peak heap over the heap with the live set in place. The child collects on its main thread alone
    // (--single-threaded-gc): with V8's helper threads, how far the heap grows while marking runs depends on how much
    // CPU those threads get, and a CI run with every test file in parallel read 1.85 against 2.16 where a quiet machine
    // reads 1.3 against 2.0. On the main thread marking keeps pace with allocation, so the figures repeat under load:
    // measured ~1.4 with 30 % and ~3.2 with V8's own heuristics (0) on Node 20, ~2.3 and ~5.0 on Node 22, quiet or
    // with four busy loops beside it. Worst of two runs against best of two.
    const runs = (percent: string) => [0, 1].map(() =>
      Number(execFileSync(process.execPath, ['--single-threaded-gc', '--import', 'tsx', '--input-type=module', '-e', script, percent], { encoding: 'utf8' }).trim()));
    const bounded = Math.max(...runs('30'));
    const unbounded = Math.min(...runs('0'));
    expect(bounded).toBeLessThan(0.75 * unbounded);
  }, 120_000);
});
