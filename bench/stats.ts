/** Small helpers the benchmarks share. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function summary(samples: number[]): { n: number; median: number; p99: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, median: percentile(s, 50), p99: percentile(s, 99) };
}

export const ms = (x: number) => `${x.toFixed(1)} ms`;
