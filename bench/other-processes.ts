/**
 * How much CPU the machine's other processes used while the bench ran (an honest
 * bench). The load average after the bench counts the bench's own threads — its two-thread runs
 * alone bring it near 2 on two cores — so it cannot say whether other jobs shared the cores.
 * Linux's /proc/stat gives the whole machine's busy time; the bench's own CPU, and that of every
 * child it waited for (the CLI processes, bash, valgrind), is subtracted (/proc/self/stat).
 * Both count in USER_HZ ticks, which Linux fixes at 100 a second for these files.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export interface MachineCpu {
  /** Busy ticks of every core: user, nice, system, irq, softirq. */
  busy: number;
  /** Ticks a hypervisor gave this machine's cores to other machines (steal). */
  steal: number;
  /** Every tick of every core, busy or idle. */
  total: number;
  /** This process's own ticks and its waited-for children's. */
  own: number;
}

/** The counters now, or null where there is no /proc (not Linux). */
export function machineCpu(): MachineCpu | null {
  let stat: string;
  let self: string;
  try {
    stat = readFileSync('/proc/stat', 'latin1');
    self = readFileSync('/proc/self/stat', 'latin1');
  } catch {
    return null;
  }
  const [user, nice, system, idle, iowait, irq, softirq, steal] = stat.split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  // /proc/self/stat: after the command name in parentheses, fields 14–17 are utime, stime, cutime, cstime.
  const fields = self.slice(self.lastIndexOf(')') + 2).split(' ');
  const own = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return { busy: user + nice + system + irq + softirq, steal, total: user + nice + system + idle + iowait + irq + softirq + steal, own };
}

export interface OtherProcesses {
  /** CPU seconds used by processes other than the bench and its children. */
  seconds: number;
  /** The same as a share of every core's time over the interval. */
  share: number;
  /** CPU seconds the hypervisor took from this machine's cores. */
  steal: number;
}

/** What the machine's other processes used between two readings. */
export function otherProcesses(before: MachineCpu, after: MachineCpu): OtherProcesses {
  const ticks = Math.max(0, after.busy - before.busy - (after.own - before.own));
  return {
    seconds: ticks / TICKS_PER_SECOND,
    share: ticks / Math.max(1, after.total - before.total),
    steal: (after.steal - before.steal) / TICKS_PER_SECOND,
  };
}
