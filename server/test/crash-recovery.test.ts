import { describe, expect, inject, it } from 'vitest';
import { runCrashScenario } from './crash-scenario.ts';

/*
 * The server process is SIGKILLed at a failpoint of a PayPal checkout, started again on the same
 * data, and the buyer reloads the return page. The other failpoints, recovered by the jobs alone
 * (minutes), are `bench/crash-recovery.ts`'s.
 */
describe('a checkout whose server is killed mid-way', () => {
  it('delivers the key once when the server dies between the capture and recording it', async () => {
    const result = await runCrashScenario({
      failpoint: 'settlement.afterCapture',
      emulatorHost: inject('authEmulatorHost'),
      buyerReturns: true,
      timeoutMs: 20_000,
    });
    expect(result).toMatchObject({
      killedDuring: 'return',
      status: 'approved',
      outcome: 'approved, key delivered',
      captures: 1,
      problems: [],
    });
  }, 90_000);

  it('decides a capture recorded just before the crash instead of letting the order expire', async () => {
    const result = await runCrashScenario({
      failpoint: 'orders.afterPaymentRecorded',
      emulatorHost: inject('authEmulatorHost'),
      buyerReturns: true,
      timeoutMs: 20_000,
    });
    expect(result).toMatchObject({
      status: 'approved',
      outcome: 'approved, key delivered',
      captures: 1,
      problems: [],
    });
  }, 90_000);
});
