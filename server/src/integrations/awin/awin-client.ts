import { z } from 'zod';
import { httpRequest, type HttpAnswer } from '../../lib/http-client.ts';

/*
 * Awin's advertiser APIs, as much of them as we use (see /work/shared/reference/external-apis.md
 * section 8 and help.awin.com):
 *
 * - Conversion API (documented): `POST {base}/s2s/advertiser/{id}/orders`, the token bare in
 *   `x-api-key`, `{ orders: [...] }` of at most 1000. The fields past orderReference, amount,
 *   channel and awc, and the response body, come from third-party integrations.
 * - Validate Transactions (OUR ASSUMPTION of the contract, not confirmed against Awin):
 *   `POST {base}/advertisers/{id}/transactions/batch` with `Authorization: Bearer <token>` and an
 *   array of `{ action: 'decline' | 'amend', transaction: { orderRef, transactionDate, timezone,
 *   … } }`, as Awin's "Validate Transactions" page shows it. The page was cut off inside the
 *   amend example, so the transaction part's `commissionGroupCode` field name is a guess, and no
 *   response body is read: any 2xx counts as accepted. A transaction is amendable only while it
 *   is pending at Awin; a fully refunded order is declined rather than amended (Awin's advice).
 */

/** One order of the Conversion API. */
export type AwinConversion = {
  /** Our order number; Awin truncates it at 50 characters. */
  orderReference: string;
  /** Subtotal after discounts, excluding VAT and fees, in major units. */
  amount: number;
  /** Last paid channel: `aw` when Awin won. */
  channel: string;
  awc: string;
  /** ISO 4217, upper case. */
  currency: string;
  voucher?: string;
  commissionGroups: Array<{ code: string; amount: number }>;
  customerAcquisition: 'NEW' | 'RETURNING';
};

/** A change to a reported conversion: a new amount after a partial refund, or a decline. */
export type AwinAmendment = {
  status: 'amended' | 'declined';
  /** The sale amount that stands (major units); ignored for a decline. */
  amount: number;
  currency: string;
  reason: string;
  /** When the conversion happened: Awin finds a transaction by orderRef and this date. */
  transactionDate: Date;
};

export type AwinBatchResult = {
  /** Order references Awin refused, with its reason: resending them will not help. */
  failed: Array<{ orderReference: string; reason: string }>;
};

/** A call Awin did not take. `retryable` says whether sending the same thing later may work. */
export class AwinError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  /** From a 429's Retry-After. */
  readonly retryAfterMs: number | null;
  constructor(
    message: string,
    status: number | null,
    retryable: boolean,
    retryAfterMs: number | null = null,
  ) {
    super(message);
    this.status = status;
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
  }
}

export type AwinClient = {
  /** Reports conversions in one call (at most 1000); throws AwinError when the call fails. */
  sendConversions(orders: AwinConversion[]): Promise<AwinBatchResult>;
  /** Declines or amends the conversion reported under `orderReference`; throws AwinError. */
  amend(orderReference: string, change: AwinAmendment): Promise<void>;
};

/** The most orders one Conversion API call takes. */
export const AWIN_MAX_BATCH = 1000;
/** The commission group of a sale when the programme defines none. */
export const DEFAULT_COMMISSION_GROUP = 'DEFAULT';
const DEFAULT_RETRY_AFTER_MS = 60_000;
const TIMEOUT_MS = 10_000;

const BatchResponseSchema = z
  .object({
    failedOrders: z
      .array(z.looseObject({ orderReference: z.string() }))
      .optional()
      .catch(undefined),
  })
  .catch({});

/** Retry-After in seconds or as an HTTP date, else a minute. */
function retryAfterMs(header: string | null, now: number): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = header ? Date.parse(header) : NaN;
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, date - now);
}

/** Awin's transactionDate: local time without offset, paired with the `UTC` timezone. */
const transactionDate = (date: Date) => date.toISOString().slice(0, 19);

/** The Awin client for one advertiser account. `baseUrl` is Awin's API or the local sandbox. */
export function createAwinClient(deps: {
  baseUrl: string;
  advertiserId: string;
  apiKey: string;
}): AwinClient {
  const base = deps.baseUrl.replace(/\/+$/, '');

  async function post(path: string, headers: Record<string, string>, body: unknown) {
    let res: HttpAnswer;
    try {
      res = await httpRequest(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        timeoutMs: TIMEOUT_MS,
      });
    } catch (err) {
      throw new AwinError(`Awin unreachable: ${(err as Error).message}`, null, true);
    }
    if (res.status >= 200 && res.status < 300) return res;
    const text = (await res.text().catch(() => '')).slice(0, 500);
    const message = `Awin answered ${res.status}: ${text}`;
    if (res.status === 429) {
      const wait = retryAfterMs(res.headers.get('retry-after'), Date.now());
      throw new AwinError(message, 429, true, wait);
    }
    // 400 and 406 are the payload's fault; auth and server errors may pass once fixed.
    const retryable = res.status >= 500 || res.status === 401 || res.status === 403;
    throw new AwinError(message, res.status, retryable);
  }

  return {
    async sendConversions(orders) {
      const res = await post(
        `/s2s/advertiser/${deps.advertiserId}/orders`,
        { 'x-api-key': deps.apiKey },
        { orders },
      );
      const body = BatchResponseSchema.parse(
        await res
          .text()
          .then((text) => JSON.parse(text) as unknown)
          .catch(() => ({})),
      );
      return {
        failed: (body.failedOrders ?? []).map(({ orderReference, ...rest }) => ({
          orderReference,
          reason: JSON.stringify(rest).slice(0, 500),
        })),
      };
    },

    async amend(orderReference, change) {
      const transaction = {
        orderRef: orderReference,
        transactionDate: transactionDate(change.transactionDate),
        timezone: 'UTC',
      };
      const action =
        change.status === 'declined'
          ? { action: 'decline', transaction: { ...transaction, declineReason: change.reason } }
          : {
              action: 'amend',
              approve: false,
              transaction: {
                ...transaction,
                amendReason: change.reason,
                currency: change.currency,
                saleAmount: change.amount,
                transactionParts: [
                  { amount: change.amount, commissionGroupCode: DEFAULT_COMMISSION_GROUP },
                ],
              },
            };
      const res = await post(
        `/advertisers/${deps.advertiserId}/transactions/batch`,
        { authorization: `Bearer ${deps.apiKey}` },
        [action],
      );
      await res.discard();
    },
  };
}
