import fs from 'node:fs';
import { afterAll, afterEach, expect } from 'vitest';
import { auditState } from './capture.ts';
import { checkShape } from './esr.ts';
import { exemption } from './exemptions.ts';

/**
 * The index audit (vitest setup file of the server project): after each test, every query shape
 * the app sent during it must be served by one of the indexes the app declares, by the
 * equality–sort–range rule (`esr.ts`), or be in the one list of exemptions (`exemptions.ts`).
 * A new query without an index fails the test that sent it, naming the collection, the shape,
 * where it was sent from and the closest index.
 *
 * INDEX_AUDIT_LOG=<file> also appends every shape checked (fitting or not) to that file as JSON
 * lines, to count them over a whole run; INDEX_AUDIT=report lists without failing, and
 * INDEX_AUDIT=off checks nothing.
 */
function checkPending() {
  const state = auditState();
  if (process.env.INDEX_AUDIT === 'off') {
    state.pending.clear();
    return;
  }
  const failures: string[] = [];
  const log = process.env.INDEX_AUDIT_LOG;
  for (const [key, captured] of state.pending) {
    state.checked.add(key);
    const exempt = exemption(captured.shape, captured.via);
    const verdict = exempt ? ({ ok: true } as const) : checkShape(captured.shape, captured.indexes);
    if (log)
      fs.appendFileSync(
        log,
        JSON.stringify({
          key,
          from: captured.from,
          ok: verdict.ok,
          exempt,
          ...(!verdict.ok && { reason: verdict.reason, closest: verdict.closest }),
        }) + '\n',
      );
    if (!verdict.ok)
      failures.push(
        `${key}\n    sent from ${captured.from}\n    ${verdict.reason}; closest index: ${
          verdict.closest ?? 'none'
        }`,
      );
  }
  state.pending.clear();
  if (failures.length && process.env.INDEX_AUDIT !== 'report')
    expect.fail(
      `queries without a fitting index (add one beside the query, or reshape it; see test/index-audit/):\n  ${failures.join('\n  ')}`,
    );
}

afterEach(checkPending);
// Queries of beforeAll and afterAll hooks (the server's start and stop, fixtures).
afterAll(checkPending);
