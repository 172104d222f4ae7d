/**
 * How hard a property test tries: `LEDGER_RUNS` sequences (CI runs few; before a change to money code,
 * run thousands) and, to replay a failure, `LEDGER_SEED`. Read here, with the rest of the tests' knobs.
 */
export function propertyRuns(fallback: number): { numRuns: number; seed?: number } {
  const runs = Number(process.env.LEDGER_RUNS ?? fallback);
  const seed = process.env.LEDGER_SEED;
  return { numRuns: runs, ...(seed ? { seed: Number(seed) } : {}) };
}

/** Whether to print how often each operation succeeded or was refused (`LEDGER_TALLY=1`). */
export const printTally = () => Boolean(process.env.LEDGER_TALLY);
