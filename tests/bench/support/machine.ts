import os from 'node:os';
import type { BenchServer, ServerInfo } from './postgres';

export interface MachineInfo {
  cpuCount: number;
  cpuModel: string;
  totalMemoryGb: number;
  os: string;
  node: string;
  postgres: { version: string; source: BenchServer['source']; settings: Record<string, string> };
}

export function describeMachine(server: BenchServer, info: ServerInfo): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuCount: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: { version: info.version, source: server.source, settings: info.settings },
  };
}
