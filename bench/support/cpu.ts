import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of process trees, from /proc (Linux): user + system seconds of a process and every
 * descendant alive at the time of reading. Read before and after a measurement, the difference over
 * the wall time is the share of one core the tree used.
 */

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  command: string;
  ticks: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const command = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    // utime + stime, and cutime + cstime: the time of its children that ended (PostgreSQL's backends
    // come and go; their time stays counted at the postmaster).
    return { pid, ppid: Number(fields[1]), command, ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
  } catch {
    return undefined;
  }
}

function allStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
}

/**
 * CPU seconds used so far by each root's process tree (the roots' own and their live descendants'),
 * leaving out processes whose command starts with `excludeCommand` (the app's embedded PostgreSQL).
 */
export function treeCpuSeconds(roots: Record<string, readonly number[]>, excludeCommand = 'postgres'): Record<string, number> {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  const result: Record<string, number> = {};
  for (const [name, pids] of Object.entries(roots)) {
    let ticks = 0;
    const pending = [...pids];
    const seen = new Set<number>();
    while (pending.length > 0) {
      const pid = pending.pop()!;
      if (seen.has(pid)) continue;
      seen.add(pid);
      const stat = byPid.get(pid);
      if (stat && !stat.command.startsWith(excludeCommand)) ticks += stat.ticks;
      for (const child of children.get(pid) ?? []) pending.push(child.pid);
    }
    result[name] = ticks / TICKS_PER_SECOND;
  }
  return result;
}

/** CPU seconds used so far by every process whose command name starts with `prefix` (e.g. all PostgreSQL processes). */
export function commandCpuSeconds(prefix: string): number {
  let ticks = 0;
  for (const stat of allStats()) if (stat.command.startsWith(prefix)) ticks += stat.ticks;
  return ticks / TICKS_PER_SECOND;
}

/** The running postmaster of a cluster directory (the first line of its postmaster.pid). */
export function postmasterPid(clusterDir: string): number {
  return Number(readFileSync(`${clusterDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
