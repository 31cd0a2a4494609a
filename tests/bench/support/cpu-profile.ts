import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of a V8 .cpuprofile (written by node --cpu-prof) that a summary needs. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by function (name, file:line). */
  functions: ProfileEntry[];
  /** Self time by where the code lives: an npm package, our workspace, node itself, or (idle/gc/program). */
  places: ProfileEntry[];
  /** Total (inclusive) time of frames whose file matches each given pattern. */
  inclusive: ProfileEntry[];
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:internal';
  const file = url.replace(/^file:\/\//, '');
  if (file.startsWith(repoRoot)) return path.relative(repoRoot, file).split('/').slice(0, 2).join('/');
  return file;
}

/**
 * Self time by function and by place, and inclusive time for frames matching `inclusive` (e.g.
 * `{ projector: /projector\/src/ }`): a sample counts once for a pattern if any frame on its stack matches.
 */
export function summarizeCpuProfile(file: string, inclusive: Record<string, RegExp> = {}, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<number, number>();
  const inclusiveMs = new Map<string, number>(Object.keys(inclusive).map((name) => [name, 0]));
  let totalMs = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    totalMs += ms;
    self.set(id, (self.get(id) ?? 0) + ms);
    const matched = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      for (const [name, pattern] of Object.entries(inclusive)) if (pattern.test(url)) matched.add(name);
    }
    for (const name of matched) inclusiveMs.set(name, inclusiveMs.get(name)! + ms);
  });

  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? `${placeOf(url, functionName)}:${path.basename(url)}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + ms);
  }
  const ranked = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / totalMs }));
  return { totalMs, functions: ranked(functions), places: ranked(places), inclusive: ranked(inclusiveMs) };
}
