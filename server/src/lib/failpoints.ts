/*
 * Failpoints: named places in the checkout where a crash is most costly (between a write and the
 * next one). They exist so the crash-recovery benchmark and test can kill the server at an exact
 * step — SIGKILL, no cleanup, as a power cut or an OOM kill would — and check that the jobs, the
 * provider's webhook retries and the buyer's return repair what the crash left. Armed only by
 * the FAILPOINTS variable, which the config refuses in production; unarmed, a call is a set lookup.
 */

/** Every failpoint, in the order a checkout meets them. */
export const FAILPOINTS = [
  /** The order is placed and its keys reserved; no payment started yet. */
  'checkout.afterReserve',
  /** The provider made the payment; the order does not know its reference yet. */
  'checkout.afterPaymentCreated',
  /** The buyer approved the payment; it is not captured yet. */
  'settlement.beforeCapture',
  /** The provider captured the money; the order does not know yet. */
  'settlement.afterCapture',
  /** The capture is recorded on the order; no decision taken yet. */
  'orders.afterPaymentRecorded',
  /** The order is approved and its keys sold; no credit, mail or `deliveredAt` yet. */
  'delivery.afterKeysSold',
  /** An on-demand unit's purchase is recorded in the book; the supplier is not asked yet. */
  'supplier.beforePurchase',
  /** The supplier made the purchase; the book does not know its id yet. */
  'supplier.afterPurchase',
  /** The purchase's codes arrived; none is stored in the vault yet. */
  'supplier.afterCodes',
] as const;
export type Failpoint = (typeof FAILPOINTS)[number];

let armed = new Set<Failpoint>();

/** Arms these failpoints for the life of the process (main.ts, from the config). */
export function armFailpoints(names: readonly Failpoint[]) {
  armed = new Set(names);
}

/** Kills the process at once when `name` is armed: nothing after this line runs. */
export function failpoint(name: Failpoint) {
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
