/**
 * What a seller reads of a failed delivery (`lastError`): a reason in general terms, never the
 * network error itself (`connect ECONNREFUSED 10.0.0.5:6379` would make the delivery log a port
 * scanner). The error itself goes to the server log (`webhook-delivery.ts`).
 */
export const DELIVERY_ERRORS = {
  deleted: 'The endpoint was deleted',
  disabled: 'The endpoint is disabled',
  unresolved: 'Not delivered: the host name does not resolve',
  notPublic: 'Not delivered: the host name resolves to a non-public address',
  notReached: 'Not delivered: no connection to the endpoint, or no answer in time',
} as const;

/** An answer other than 2xx: its status is the endpoint's own, the seller's to see. */
export const answered = (status: number) => `Answered ${status}`;

const SHOWN: ReadonlySet<string> = new Set(Object.values(DELIVERY_ERRORS));

/**
 * `lastError` as the seller sees it: one of the reasons above, or `Answered <status>`; anything
 * else (a raw error stored before these reasons existed) reads as not reached.
 */
export function shownError(stored: string | null): string | null {
  if (stored === null || SHOWN.has(stored) || /^Answered \d{3}$/.test(stored)) return stored;
  return DELIVERY_ERRORS.notReached;
}
