import {
  ClaimSchema,
  OrderInvoicesSchema,
  OrderSchema,
  RevealedOrderKeySchema,
  type AccountClaimRequestSchema,
  type Claim,
  type ClaimCreate,
  type KeyRevealRequestSchema,
  type Order,
  type OrderInvoices,
  type RevealedOrderKey,
} from '@market/shared';
import type { z } from 'zod';
import { callApi, callApiWithHeaders } from '../../lib/api-client.ts';

/*
 * The buyer's orders. Sent with the session cookie or, from the account island, the Firebase ID
 * token.
 */

const OrderListSchema = OrderSchema.array();

/** The total of a list from its `Content-Range` (`orders 0-9/42`), else the rows' count. */
function totalOf(contentRange: string | null, rows: number): number {
  const total = Number(contentRange?.split('/')[1]);
  return Number.isInteger(total) && total >= 0 ? total : rows;
}

/** A page of the caller's orders, newest first. */
export async function listOrders(
  from: number,
  size: number,
  idToken?: string,
): Promise<{ orders: Order[]; total: number }> {
  const query = new URLSearchParams({
    sort: JSON.stringify(['createdAt', 'DESC']),
    range: JSON.stringify([from, from + size - 1]),
  });
  const { data, headers } = await callApiWithHeaders(`user/orders?${query}`, OrderListSchema, {
    idToken,
  });
  return { orders: data, total: totalOf(headers.get('Content-Range'), data.length) };
}

/** One of the caller's orders (another buyer's answers 404). */
export async function getOrder(orderId: string, idToken?: string): Promise<Order> {
  return callApi(`user/orders/${encodeURIComponent(orderId)}`, OrderSchema, { idToken });
}

/** A delivered key's code: the buyer was told first that this ends the right of withdrawal. */
export async function revealKey(
  orderId: string,
  keyId: string,
  idToken?: string,
): Promise<RevealedOrderKey> {
  const path = `user/orders/${encodeURIComponent(orderId)}/keys/${encodeURIComponent(keyId)}/reveal`;
  const body: z.input<typeof KeyRevealRequestSchema> = { waiveWithdrawal: true };
  return callApi(path, RevealedOrderKeySchema, { body, idToken });
}

/** A game account's credentials (`claimAccountInfo`): handed over once, then 409. */
export async function claimAccount(
  orderId: string,
  keyId: string,
  idToken?: string,
): Promise<RevealedOrderKey> {
  const path = `user/orders/${encodeURIComponent(orderId)}/claim-account`;
  const body: z.input<typeof AccountClaimRequestSchema> = { keyId };
  return callApi(path, RevealedOrderKeySchema, { body, idToken });
}

const ClaimListSchema = ClaimSchema.array();

/** The caller's claims on one order (at most one open per key; closed ones stay listed). */
export async function listClaims(orderId: string, idToken?: string): Promise<Claim[]> {
  const query = new URLSearchParams({
    filter: JSON.stringify({ orderId }),
    range: JSON.stringify([0, 199]),
  });
  return callApi(`user/claims?${query}`, ClaimListSchema, { idToken });
}

/** The numbers of an order's invoice and credit notes (one per refund). */
export async function listInvoices(orderId: string, idToken?: string): Promise<OrderInvoices> {
  return callApi(`user/orders/${orderId}/invoices`, OrderInvoicesSchema, { idToken });
}

/** Reports a revealed key as not working (refused with 409 outside the window, or twice). */
export async function reportKey(
  orderId: string,
  keyId: string,
  body: ClaimCreate,
  idToken?: string,
): Promise<Claim> {
  const path = `user/orders/${encodeURIComponent(orderId)}/keys/${encodeURIComponent(keyId)}/claim`;
  return callApi(path, ClaimSchema, { body, idToken });
}

/** Asks the marketplace to decide an open claim (the seller did not settle it). */
export async function escalateClaim(claimId: string, idToken?: string): Promise<Claim> {
  const path = `user/claims/${encodeURIComponent(claimId)}/escalate`;
  return callApi(path, ClaimSchema, { body: { note: '' }, idToken });
}
