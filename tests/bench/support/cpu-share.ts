/**
 * Where the CPU went over a phase of a bench: the app (as it reports itself), the bench process,
 * PostgreSQL's whole process tree and the machine as a whole.
 */
import os from 'node:os';
import { machineTicks, processTreeCpuMs } from './process-cpu';
import { nowMs } from './timing';

/** CPU use over a phase, in cores (1.0 = one core busy the whole time). */
export interface CpuShare {
  app: number;
  bench: number;
  /** The bench's PostgreSQL server (postmaster and every backend); NaN when it is not on this machine. */
  postgres: number;
  /** Every process on the machine (app + bench + PostgreSQL + whatever else runs). */
  machine: number;
  /** CPU the hypervisor gave to other guests while this machine wanted it (steal); NaN off Linux. */
  stolen: number;
}

function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy, total };
}

/** Starts a CPU measurement; `stop` returns the cores used by the bench process, PostgreSQL and the machine. */
export function startCpuMeasure(postgresPid: number | null): { stop(appCpuMs: number): CpuShare } {
  const wallStart = nowMs();
  const benchStart = process.cpuUsage();
  const machineStart = machineTimes();
  const ticksStart = machineTicks();
  const postgresStart = postgresPid === null ? Number.NaN : processTreeCpuMs(postgresPid);
  return {
    stop(appCpuMs) {
      const wallMs = nowMs() - wallStart;
      const bench = process.cpuUsage(benchStart);
      const machine = machineTimes();
      const postgres = postgresPid === null ? Number.NaN : processTreeCpuMs(postgresPid) - postgresStart;
      const cores = os.cpus().length;
      const machineShare = (machine.busy - machineStart.busy) / Math.max(1, machine.total - machineStart.total);
      const ticks = machineTicks();
      const stolen =
        ticks && ticksStart
          ? ((ticks.stolen - ticksStart.stolen) / Math.max(1, ticks.total - ticksStart.total)) * cores
          : Number.NaN;
      return {
        app: appCpuMs / wallMs,
        bench: (bench.user + bench.system) / 1000 / wallMs,
        postgres: postgres / wallMs,
        machine: machineShare * cores,
        stolen,
      };
    },
  };
}

/** Cores as a table cell: 1.00 = one core busy all the time. */
export const cores = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');

/**
 * Waits until the whole machine has been nearly idle for a window (at most `maxBusyCores` busy), or
 * gives up after `giveUpMs`: for a measurement that scales with the CPU time it observes (Lighthouse's
 * simulation), which the tail of an earlier section (a database vacuuming, a process exiting) would
 * otherwise lower. Says how busy the last window was and how long it waited.
 */
export async function waitForQuietMachine(
  options: { maxBusyCores?: number; windowMs?: number; giveUpMs?: number } = {},
): Promise<{ busyCores: number; waitedMs: number; quiet: boolean }> {
  const { maxBusyCores = 0.2, windowMs = 3000, giveUpMs = 180_000 } = options;
  const start = nowMs();
  for (;;) {
    const measure = startCpuMeasure(null);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const busyCores = measure.stop(0).machine;
    const waitedMs = nowMs() - start;
    if (busyCores <= maxBusyCores || waitedMs >= giveUpMs)
      return { busyCores, waitedMs, quiet: busyCores <= maxBusyCores };
  }
}
