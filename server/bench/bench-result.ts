/**
 * The one convention between a benchmark and `run-all.ts` (`npm run bench`): a benchmark prints
 * each figure worth a row of the summary as one line, `BENCH-RESULT {json}`, with `reportResult`.
 * Everything else it prints is for a reader; the runner keeps it in the run's log.
 * Not a benchmark itself.
 */

export const RESULT_MARKER = 'BENCH-RESULT';

/** Units whose figure is a time: the runner divides it by `GET /api/health`'s. */
export const TIME_UNITS: Record<string, number> = { ms: 1, s: 1000 };

export type BenchResult = {
  /** The row's label, e.g. `catalogue search p99`. Unique within the benchmark. */
  name: string;
  figure: number;
  /** `ms` or `s` (the runner compares them with the health baseline), or any other: `req/s`, `bytes`, `keys/s`, `count`, `score`… */
  unit: string;
  /**
   * What passes: bounds on the figure, in its unit, or (`maxRatio`/`minRatio`) on the ratio.
   * Without a goal (and without `pass`) the row is informative only.
   */
  goal?: { max?: number; min?: number; maxRatio?: number; minRatio?: number };
  /** The benchmark's own verdict (an invariant held, say); otherwise the goal decides. */
  pass?: boolean;
  /**
   * The benchmark's own ratio and what it is of, e.g. `{ value: 0.21, of: 'raw' }` for brotli
   * bytes; otherwise the runner gives time figures as a multiple of the health baseline.
   */
  ratio?: { value: number; of: string };
};

/** Prints one result line for the runner (and a reader). */
export function reportResult(result: BenchResult): void {
  console.log(`${RESULT_MARKER} ${JSON.stringify(result)}`);
}

/** The results in a benchmark's output, in order; lines that do not parse are skipped. */
export function parseResults(output: string): BenchResult[] {
  const results: BenchResult[] = [];
  for (const line of output.split('\n')) {
    const at = line.indexOf(`${RESULT_MARKER} `);
    if (at !== 0) continue;
    try {
      const parsed = JSON.parse(line.slice(RESULT_MARKER.length + 1)) as BenchResult;
      if (typeof parsed.name === 'string' && typeof parsed.figure === 'number')
        results.push(parsed);
    } catch {
      // a line that merely starts like ours
    }
  }
  return results;
}
