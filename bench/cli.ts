import { readFileSync } from 'node:fs';

// What the benchmarks share of their command line and of the process they measure.

// `--name value` from the command line, or the default.
export function option(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
}
export const numberOption = (name: string, dflt: number): number => Number(option(name, String(dflt)));

// A process's resident memory now, in bytes (Linux's /proc; 0 where it cannot be read).
export function residentBytes(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

// A process's main thread's time on CPU so far, in nanoseconds (/proc/<pid>/task/<pid>/schedstat).
export const mainThreadCpuNs = (pid: number | undefined): number => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
