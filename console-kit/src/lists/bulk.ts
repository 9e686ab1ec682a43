import type { Identifier } from 'react-admin';

/** How a bulk action went: which of the selected records it changed, which it could not. */
export interface BulkOutcome {
  succeeded: Identifier[];
  failed: Identifier[];
}

/**
 * Runs `action` for each id in turn (one request at a time: the API's per-record endpoint with
 * its checks, and no burst on the server); a failure does not stop the others.
 */
export async function runForEach(
  ids: readonly Identifier[],
  action: (id: Identifier) => Promise<unknown>,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await action(id);
      outcome.succeeded.push(id);
    } catch {
      outcome.failed.push(id);
    }
  }
  return outcome;
}
