import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { startJob } from './job-runner.ts';

const log = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startJob', () => {
  it('runs every interval, never two runs at once, and survives a failed run', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const job = startJob({
      name: 'probe',
      everyMs: 5,
      log,
      run: async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await sleep(20);
        active--;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    await sleep(120);
    await job.stop();
    expect(runs).toBeGreaterThan(2);
    expect(most).toBe(1);
    const after = runs;
    await sleep(30);
    expect(runs).toBe(after);
  });
});
