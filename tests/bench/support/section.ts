import type { BenchConfig } from './config';
import type { MemoryPeak, MemorySnapshot } from './memory';

/** What every section gets: the server to create its databases on, the settings, a progress log. */
export interface BenchContext {
  serverUrl: string;
  config: BenchConfig;
  /** Progress line on stderr (stdout carries the final report). */
  log(line: string): void;
}

/** A target printed next to the numbers: pass is null when the section that measures it did not run. */
export interface TargetCheck {
  name: string;
  required: string;
  measured: string;
  pass: boolean | null;
}

export interface SectionOutcome {
  /** Markdown body of the section (tables and notes), without its heading. */
  markdown: string;
  /** The raw numbers, for bench-latest.json. */
  data: unknown;
  targets: TargetCheck[];
}

export interface BenchSection {
  /** Selects the section in BENCH_ONLY. */
  id: string;
  title: string;
  run(context: BenchContext): Promise<SectionOutcome>;
}

export interface SectionReport extends SectionOutcome {
  id: string;
  title: string;
  durationMs: number;
  /** Why the section stopped short, when it threw (the run goes on and exits with a failure). */
  failed?: string;
  /** Memory of the bench process itself (work done in child processes reports its own memory). */
  memory: { before: MemorySnapshot; after: MemorySnapshot; peak: MemoryPeak };
}
