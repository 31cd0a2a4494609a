import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Who holds a data folder: written by the running app, read by any second start. */
export interface InstanceRecord {
  pid: number;
  url: string;
  /** The holder's command line: after a kill -9 its pid may be reused by an unrelated process. */
  command: string;
}

export class InstanceRunningError extends Error {
  override readonly name = 'InstanceRunningError';
  constructor(
    readonly dataDir: string,
    readonly holder: InstanceRecord,
  ) {
    super(
      `Playtime is already running on the data folder ${dataDir}: process ${holder.pid}, serving ${holder.url}. ` +
        `Use that one, or stop it first (Ctrl-C in its terminal, or kill ${holder.pid}); ` +
        'to run a second app beside it, give it another DATA_DIR and PORT.',
    );
  }
}

export interface InstanceLock {
  release(): void;
}

const LOCK_FILE = 'instance.lock';

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Still running, and still the same program (where /proc tells); a dead or reused pid holds nothing. */
function stillHolds(holder: InstanceRecord): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !alive(holder.pid)) return false;
  const command = commandOf(holder.pid);
  return command === null || command === holder.command;
}

function readRecord(file: string): InstanceRecord | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as InstanceRecord;
  } catch {
    return null;
  }
}

/**
 * Claims a data folder for this process, so a second start on it refuses (naming the running app)
 * instead of stopping the running app's database under it. A lock left by a process that is gone
 * (kill -9, power loss) is taken over. The file is created exclusively, so of two starts racing
 * for the folder only one wins.
 */
export function claimDataFolder(dataDir: string, url: string): InstanceLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const record: InstanceRecord = { pid: process.pid, url, command: commandOf(process.pid) ?? process.argv.join(' ') };
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(record), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readRecord(file);
      if (holder && stillHolds(holder)) throw new InstanceRunningError(dataDir, holder);
      // Another start took the stale lock over between our two tries: let it have the folder.
      if (attempt > 0) throw new Error(`Another Playtime is starting on the data folder ${dataDir}.`);
      rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return { release };
}
