import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataFolder, InstanceRunningError } from './instance-lock';

describe('claimDataFolder', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playtime-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a folder a live process holds, naming its pid and URL', () => {
    const dir = folder();
    const lock = claimDataFolder(dir, 'http://localhost:3000');
    const second = () => claimDataFolder(dir, 'http://localhost:4000');
    expect(second).toThrow(InstanceRunningError);
    expect(second).toThrow(`process ${process.pid}, serving http://localhost:3000`);
    lock.release();
    claimDataFolder(dir, 'http://localhost:4000').release();
  });

  it('takes over the lock of a process that is gone (kill -9)', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(
      path.join(dir, 'instance.lock'),
      JSON.stringify({ pid: gone, url: 'http://localhost:3000', command: 'node start.ts' }),
    );
    const lock = claimDataFolder(dir, 'http://localhost:4000');
    expect(JSON.parse(readFileSync(path.join(dir, 'instance.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
      url: 'http://localhost:4000',
    });
    lock.release();
  });

  it('takes over a lock whose pid now runs another program', () => {
    const dir = folder();
    writeFileSync(
      path.join(dir, 'instance.lock'),
      JSON.stringify({ pid: process.pid, url: 'http://localhost:3000', command: 'some other program' }),
    );
    claimDataFolder(dir, 'http://localhost:4000').release();
  });
});
