import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { nowMs } from './timing';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime of the process itself, in ticks. */
  own: number;
  /** cutime + cstime: its children that exited and were waited for, in ticks. */
  reaped: number;
}

function readProcStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds used so far by a process and all its descendants (live ones, and those that
 * exited and were waited for). Linux only; NaN elsewhere. Compare two readings to get a phase's use.
 */
export function processTreeCpuMs(rootPid: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  const children = new Map<number, ProcStat[]>();
  let root: ProcStat | null = null;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(Number(entry));
    if (!stat) continue;
    if (stat.pid === rootPid) root = stat;
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  if (!root) return Number.NaN;
  let ticks = 0;
  const visit = (stat: ProcStat) => {
    ticks += stat.own + stat.reaped;
    for (const child of children.get(stat.pid) ?? []) visit(child);
  };
  visit(root);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return false;
  }
}

/** The PostgreSQL server's postmaster process id (the parent of our backend), when it runs on this machine. */
export async function postmasterPid(serverUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'playtime-bench-admin' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0] ? readProcStat(Number(rows[0].pid)) : null;
    // A server on another machine: the pid names some unrelated local process, or none.
    if (!backend || !isPostgres(backend.pid) || !isPostgres(backend.ppid)) return null;
    return backend.ppid;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * The machine's CPU time so far, in ticks, from /proc/stat's summary line: all of it, and the part the
 * hypervisor gave to other guests while this one wanted to run (steal). Null off Linux.
 */
export function machineTicks(): { total: number; stolen: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal [guest guest_nice, already counted in user and nice]
    const counted = fields.slice(0, 8);
    return { total: counted.reduce((sum, value) => sum + value, 0), stolen: counted[7] ?? 0 };
  } catch {
    return null;
  }
}

/** CPU milliseconds so far of each backend of the server, with the application name its client gave. */
async function backendCpu(client: pg.Client): Promise<Map<number, { client: string; cpuMs: number }>> {
  const { rows } = await client.query<{ pid: number; name: string }>(
    `SELECT pid, coalesce(nullif(application_name, ''), backend_type) AS name FROM pg_stat_activity WHERE pid <> pg_backend_pid()`,
  );
  const backends = new Map<number, { client: string; cpuMs: number }>();
  for (const row of rows) {
    const stat = readProcStat(Number(row.pid));
    if (stat) backends.set(stat.pid, { client: row.name, cpuMs: (stat.own * 1000) / TICKS_PER_SECOND });
  }
  return backends;
}

/**
 * PostgreSQL's CPU over a phase by the client each backend serves (the app's pools, job queues and
 * projections name themselves in application_name), in cores, most first. A backend that connected
 * during the phase counts from zero; one that ended before its end is not counted. Empty when the
 * server is not on this machine.
 */
export async function startBackendCpuMeasure(
  serverUrl: string,
): Promise<{ stop(): Promise<Array<{ client: string; cores: number }>> }> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'playtime-bench-admin' });
  await client.connect();
  const local = (await postmasterPid(serverUrl)) !== null;
  const started = nowMs();
  const before = local ? await backendCpu(client) : new Map<number, { client: string; cpuMs: number }>();
  return {
    async stop() {
      try {
        if (!local) return [];
        const after = await backendCpu(client);
        const wallMs = nowMs() - started;
        const byClient = new Map<string, number>();
        for (const [pid, backend] of after)
          byClient.set(
            backend.client,
            (byClient.get(backend.client) ?? 0) + backend.cpuMs - (before.get(pid)?.cpuMs ?? 0),
          );
        return [...byClient]
          .map(([name, cpuMs]) => ({ client: name, cores: cpuMs / wallMs }))
          .filter((entry) => entry.cores > 0)
          .sort((a, b) => b.cores - a.cores);
      } finally {
        await client.end();
      }
    },
  };
}
