import { readdirSync, readFileSync } from 'node:fs';

// CPU time (user + system, nanoseconds) of a local PostgreSQL cluster's processes: its postmaster, found by the port
// on its command line, and every process it started (the backends serving the app's pool, the background workers).
// The app's own CPU figure leaves out the work PostgreSQL does for it in these processes.
const TICK_NS = 1e9 / 100; // USER_HZ is 100 on Linux

// ns: the process's own CPU; reaped: what its exited children used (the postmaster reaps backends that end, so a
// connection the pool closes mid-run stays counted there and the sum never goes backwards).
type Proc = { pid: number; ppid: number; ns: number; reaped: number; cmdline: string };

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (!stat.includes('(postgres)')) continue;
      out.push({ pid: Number(entry), ppid: Number(f[1]), ns: (Number(f[11]) + Number(f[12])) * TICK_NS, reaped: (Number(f[13]) + Number(f[14])) * TICK_NS, cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch { /* gone */ }
  }
  return out;
}

export function postgresCpuNs(port: number): number {
  const all = processes();
  const master = all.find((p) => p.cmdline.split('\0').join(' ').includes(`-p ${port} `));
  if (!master) return 0;
  return master.reaped + all.filter((p) => p.pid === master.pid || p.ppid === master.pid).reduce((sum, p) => sum + p.ns, 0);
}
