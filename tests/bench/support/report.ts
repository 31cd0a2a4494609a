import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchConfig } from './config';
import { fmtInt, markdownTable } from './format';
import type { MachineInfo } from './machine';
import type { SectionReport, TargetCheck } from './section';

export interface BenchReport {
  startedAt: Date;
  finishedAt: Date;
  machine: MachineInfo;
  config: BenchConfig;
  sections: SectionReport[];
}

export const reportsDir = path.resolve(import.meta.dirname, '../../reports');

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYY-MM-DD-HHmm` in local time. */
export function reportStamp(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
}

function verdict(pass: boolean | null): string {
  if (pass === null) return 'n/a';
  return pass ? '**PASS**' : '**MISS**';
}

export function allTargets(report: BenchReport): TargetCheck[] {
  return report.sections.flatMap((section) => section.targets);
}

function machineMarkdown(machine: MachineInfo, config: BenchConfig): string {
  const settings = Object.entries(machine.postgres.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  return [
    `- CPUs: ${machine.cpuCount} × ${machine.cpuModel}; memory ${machine.totalMemoryGb} GB; ${machine.os}`,
    `- Node.js ${machine.node}`,
    `- PostgreSQL ${machine.postgres.version} (${machine.postgres.source === 'embedded' ? 'embedded, started by the bench' : 'DATABASE_URL'}); ${settings}`,
    `- Settings: ${config.rounds} round(s) × (${config.seconds} s measured + ${config.warmupSeconds} s warm-up) per append cell; ` +
      `writers ${config.writers.join(', ')}; catch-up over ${fmtInt(config.catchupEvents)} events; ` +
      `e2e: ${config.e2eClients.join(', ')} clients × ${config.e2eSeconds} s over ${fmtInt(config.e2eUsers)} users; ` +
      `sections ${config.only ? [...config.only].join(', ') : 'all'}` +
      (config.diagnose ? '; diagnostics on' : '') +
      (config.synchronousCommitOff ? '; **synchronous_commit=off for the append databases**' : ''),
  ].join('\n');
}

function memoryMarkdown(sections: SectionReport[]): string {
  return markdownTable(
    ['section', 'duration', 'RSS before', 'RSS after', 'RSS peak', 'heap before', 'heap after', 'heap peak'],
    sections.map((section) => [
      section.title,
      `${(section.durationMs / 1000).toFixed(1)} s`,
      `${section.memory.before.rssMb} MB`,
      `${section.memory.after.rssMb} MB`,
      `${section.memory.peak.rssMb} MB`,
      `${section.memory.before.heapUsedMb} MB`,
      `${section.memory.after.heapUsedMb} MB`,
      `${section.memory.peak.heapUsedMb} MB`,
    ]),
  );
}

export function renderMarkdown(report: BenchReport): string {
  const targets = allTargets(report);
  const parts = [
    `# Playtime benchmark — ${report.startedAt.toISOString()}`,
    machineMarkdown(report.machine, report.config),
    '## Targets',
    targets.length
      ? markdownTable(
          ['target', 'required', 'measured', 'result'],
          targets.map((t) => [t.name, t.required, t.measured, verdict(t.pass)]),
        )
      : '_No section with targets ran._',
    ...report.sections.flatMap((section) => [`## ${section.title}`, section.markdown]),
    '## Memory of the bench process',
    report.sections.length ? memoryMarkdown(report.sections) : '_No section ran._',
    `_Finished ${report.finishedAt.toISOString()}; total ${((report.finishedAt.getTime() - report.startedAt.getTime()) / 1000).toFixed(0)} s._`,
  ];
  return `${parts.join('\n\n')}\n`;
}

export function renderJson(report: BenchReport): string {
  return `${JSON.stringify(
    {
      startedAt: report.startedAt.toISOString(),
      finishedAt: report.finishedAt.toISOString(),
      machine: report.machine,
      config: {
        ...report.config,
        only: report.config.only ? [...report.config.only] : null,
        databaseUrl: report.config.databaseUrl ? 'set' : null,
      },
      targets: allTargets(report),
      sections: report.sections.map((section) => ({
        id: section.id,
        title: section.title,
        durationMs: Math.round(section.durationMs),
        memory: section.memory,
        targets: section.targets,
        data: section.data,
        ...(section.failed === undefined ? {} : { failed: section.failed }),
      })),
    },
    null,
    2,
  )}\n`;
}

/** Writes bench-<stamp>.md, bench-latest.md and bench-latest.json; returns the markdown and paths. */
export function writeReports(report: BenchReport): { markdown: string; files: string[] } {
  mkdirSync(reportsDir, { recursive: true });
  const markdown = renderMarkdown(report);
  const files = [
    path.join(reportsDir, `bench-${reportStamp(report.startedAt)}.md`),
    path.join(reportsDir, 'bench-latest.md'),
    path.join(reportsDir, 'bench-latest.json'),
  ];
  writeFileSync(files[0]!, markdown);
  writeFileSync(files[1]!, markdown);
  writeFileSync(files[2]!, renderJson(report));
  return { markdown, files };
}
