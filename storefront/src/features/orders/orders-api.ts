import type { Order, RevealedOrderKey } from '@market/shared';

/*
 * Browser calls for the buyer's orders and checkout. Sent with the HttpOnly session cookie (our
 * pages' POSTs carry our Origin, which the API requires of cookie writes) or, from the account
 * island, the Firebase ID token. Answers are our own API's schemas, so they are not re-parsed.
 */

/** A refused or failed call: `status` 0 when the network failed; `errors` the API's field map. */
export class UserCallError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string>;

  constructor(path: string, status: number, body: unknown) {
    const error = (typeof body === 'object' && body !== null ? body : {}) as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    super(`API ${path} answered ${status}: ${String(error.message ?? 'no error body')}`);
    this.name = 'UserCallError';
    this.status = status;
    this.code = typeof error.code === 'string' ? error.code : undefined;
    this.errors =
      typeof error.errors === 'object' && error.errors !== null
        ? (error.errors as Record<string, string>)
        : {};
  }
}

/** One call under `/api/`: the JSON answer and its headers, or a `UserCallError`. */
export async function userCall<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; idToken?: string } = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idToken) headers.Authorization = `Bearer ${options.idToken}`;
  const response = await fetch(`/api/${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
  }).catch(() => {
    throw new UserCallError(path, 0, undefined);
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new UserCallError(path, response.status, data);
  return { data: data as T, headers: response.headers };
}

/** The total of a list from its `Content-Range` (`orders 0-9/42`), else the rows' count. */
export function totalOf(contentRange: string | null, rows: number): number {
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
  const { data, headers } = await userCall<Order[]>(`user/orders?${query}`, { idToken });
  return { orders: data, total: totalOf(headers.get('Content-Range'), data.length) };
}

/** One of the caller's orders (another buyer's answers 404). */
export async function getOrder(orderId: string, idToken?: string): Promise<Order> {
  return (await userCall<Order>(`user/orders/${encodeURIComponent(orderId)}`, { idToken })).data;
}

/** A delivered key's code: the buyer was told first that this ends the right of withdrawal. */
export async function revealKey(
  orderId: string,
  keyId: string,
  idToken?: string,
): Promise<RevealedOrderKey> {
  const path = `user/orders/${encodeURIComponent(orderId)}/keys/${encodeURIComponent(keyId)}/reveal`;
  return (await userCall<RevealedOrderKey>(path, { body: { waiveWithdrawal: true }, idToken }))
    .data;
}

/** A game account's credentials (`claimAccountInfo`): handed over once, then 409. */
export async function claimAccount(
  orderId: string,
  keyId: string,
  idToken?: string,
): Promise<RevealedOrderKey> {
  const path = `user/orders/${encodeURIComponent(orderId)}/claim-account`;
  return (await userCall<RevealedOrderKey>(path, { body: { keyId }, idToken })).data;
}
