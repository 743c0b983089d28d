/**
 * CPU time and RSS of another process, from the kernel's own accounting (/proc, Linux only), so
 * the measured process needs no hook of ours: the same reading works for today's app, a baseline
 * revision and the floor.
 * @see https://man7.org/linux/man-pages/man5/proc_pid_stat.5.html
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

let ticksPerSecond: number | undefined;

/** Kernel clock ticks per second (utime and stime are counted in them; 100 almost everywhere). */
function kernelTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * utime + stime in ms from the text of /proc/<pid>/stat. The command name (field 2) may hold
 * spaces and parentheses, so fields are counted from its closing parenthesis.
 */
export function cpuMsFromStat(stat: string, ticks = kernelTicksPerSecond()): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14) and stime (15) sit at indexes 11 and 12.
  const used = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(used)) throw new Error(`unreadable /proc stat: ${stat.slice(0, 80)}`);
  return (used * 1000) / ticks;
}

/**
 * Time on CPU in ms from the text of /proc/<pid>/task/<tid>/schedstat: its first field, in ns.
 * utime and stime move in 10 ms ticks and are charged to whichever thread a tick lands on, so a
 * process that wakes for a fraction of a millisecond now and then reads as 0 or 10 ms; the
 * scheduler's own sum is exact, which is what an idle figure of under 1 ms a second needs.
 * @see https://docs.kernel.org/scheduler/sched-stats.html
 */
export function cpuMsFromSchedstat(schedstat: string): number {
  const ns = Number(schedstat.trim().split(/\s+/)[0]);
  if (!Number.isFinite(ns) || schedstat.trim() === '') throw new Error(`unreadable schedstat: ${schedstat.slice(0, 80)}`);
  return ns / 1e6;
}

/**
 * Time on CPU (ms, ns-precise) of every live thread of `pid`, summed from their schedstat. A thread
 * that ended takes its time with it, so compare two readings only over a window where threads
 * live on (an idle process's do: the main thread, libuv's pool, V8's workers).
 */
export async function readSchedCpuMs(pid: number): Promise<number> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const each = await Promise.all(
    tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').then(cpuMsFromSchedstat, () => 0)),
  );
  return each.reduce((sum, ms) => sum + ms, 0);
}

/** VmRSS in MiB from the text of /proc/<pid>/status. */
export function rssMiBFromStatus(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error('no VmRSS in /proc status');
  return Number(match[1]) / 1024;
}

export async function readCpuMs(pid: number): Promise<number> {
  return cpuMsFromStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

export async function readRssMiB(pid: number): Promise<number> {
  return rssMiBFromStatus(await readFile(`/proc/${pid}/status`, 'utf8'));
}

/** Samples RSS every `everyMs` until stopped; resolves with the peak (MiB). */
export function samplePeakRss(pid: number, everyMs = 250): { stop(): Promise<number> } {
  let peak = 0;
  const sample = async (): Promise<void> => {
    peak = Math.max(peak, await readRssMiB(pid).catch(() => 0));
  };
  void sample();
  const timer = setInterval(() => void sample(), everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return peak;
    },
  };
}

/**
 * CPU ms a second each process spends over one window in which all of them sit idle together
 * (scheduler time, readSchedCpuMs): one window for all, so a machine's drift treats them alike.
 */
export async function idleCpuMsPerSecond(
  pids: readonly number[],
  windowMs: number,
  wait: (ms: number) => Promise<unknown>,
): Promise<number[]> {
  const before = await Promise.all(pids.map(readSchedCpuMs));
  await wait(windowMs);
  const after = await Promise.all(pids.map(readSchedCpuMs));
  return pids.map((_, i) => ((after[i] ?? 0) - (before[i] ?? 0)) * (1000 / windowMs));
}
