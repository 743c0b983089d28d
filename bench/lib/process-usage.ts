/**
 * CPU time and RSS of another process, from the kernel's own accounting (/proc, Linux only), so
 * the measured process needs no hook of ours: the same reading works for today's app, a baseline
 * revision and the floor.
 * @see https://man7.org/linux/man-pages/man5/proc_pid_stat.5.html
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

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
