export interface MemorySnapshot {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

export interface MemoryPeak {
  rssMb: number;
  heapUsedMb: number;
}

const MB = 1024 * 1024;

function mb(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}

export function memorySnapshot(): MemorySnapshot {
  const usage = process.memoryUsage();
  return {
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    externalMb: mb(usage.external),
  };
}

/** Samples this process's memory every `intervalMs` until stopped; `stop` returns the peaks seen. */
export function startMemorySampler(intervalMs = 200): { stop(): MemoryPeak } {
  let rss = 0;
  let heapUsed = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heapUsed = Math.max(heapUsed, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMb: mb(rss), heapUsedMb: mb(heapUsed) };
    },
  };
}
