import type { IndexDescription } from 'mongodb';

/**
 * The orders collection's indexes, each beside the reads it serves (the index audit in
 * `server/test/index-audit/` checks every query the app sends against this list).
 */
export const orderIndexes: IndexDescription[] = [
  { key: { number: 1 }, unique: true },
  // The buyer's account lists their orders, newest first; velocity counts a user's recent ones.
  // (Lists break ties of the same instant by id, in the same direction: read off the index.)
  { key: { userId: 1, createdAt: -1, _id: -1 } },
  // The admin console filters by status (and the review queue), newest first.
  { key: { status: 1, createdAt: -1, _id: -1 } },
  // The admin console's unfiltered list, newest first; the dashboard's orders of a period.
  { key: { createdAt: -1, _id: -1 } },
  // A payment's return or webhook finds its order; one payment never pays two orders.
  { key: { 'payment.providerRef': 1 }, unique: true, sparse: true },
  // Velocity per payment instrument and per client address.
  { key: { 'payment.instrument': 1, createdAt: -1 }, sparse: true },
  { key: { ip: 1, createdAt: -1 } },
  // The expiry job, every 30 s on every instance, reads only what it may act on: pending orders
  // past their deadline (an index of the pending orders alone, by deadline), and approved orders
  // still undelivered after the grace (an index of the approved ones, undelivered first).
  {
    key: { status: 1, reservationExpiresAt: 1 },
    partialFilterExpression: { status: 'pending' },
  },
  {
    key: { status: 1, deliveredAt: 1, updatedAt: 1 },
    partialFilterExpression: { status: 'approved' },
  },
  // The seller console's sales: orders with a line of the seller's.
  { key: { 'items.sellerId': 1, createdAt: -1, _id: -1 } },
  // The webhook sweep: approved orders of the last minutes, oldest first, of listening sellers.
  { key: { status: 1, createdAt: 1, 'items.sellerId': 1 } },
  // The reconciliation: captured orders that were not delivered and got nothing back yet,
  // decided before its cut-off; pending orders whose payment started before it; chargebacks
  // not settled yet (the last two index only the orders in that status).
  { key: { 'payment.status': 1, status: 1, refundedCents: 1, updatedAt: 1 } },
  {
    key: { status: 1, 'payment.status': 1, updatedAt: 1 },
    partialFilterExpression: { status: 'pending' },
  },
  {
    key: { status: 1, updatedAt: 1 },
    partialFilterExpression: { status: 'charged_back' },
  },
  // Recovery: undelivered orders whose coupon use was not given back yet (a crash came between).
  { key: { couponReleaseDue: 1, updatedAt: 1 }, sparse: true },
];
