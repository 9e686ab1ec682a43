import type { Attribution, Currency } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type {
  AffiliateReportDoc,
  AffiliateReportRepository,
} from './affiliate-reports.repository.ts';
import {
  AWIN_MAX_BATCH,
  AwinError,
  DEFAULT_COMMISSION_GROUP,
  type AwinAmendment,
  type AwinClient,
  type AwinConversion,
} from '../../integrations/awin/awin-client.ts';

/** What the reporter needs of an order; the orders module maps its own order to this. */
export interface AffiliateOrder {
  /** The order number buyers see: Awin's orderReference. */
  number: string;
  currency: Currency;
  /** Subtotal after discounts, excluding VAT and fees, in cents: the commissionable amount. */
  netSubtotalCents: number;
  /** What the order recorded from the tracking cookies (`attributionFromCookies`). */
  attribution: Pick<Attribution, 'awc' | 'channel'>;
  /** The coupon code the order used, if any. */
  voucher: string | null;
  /** The buyer's first order (Awin's customer acquisition NEW). */
  newCustomer: boolean;
  placedAt: Date;
}

/**
 * - `sent`: Awin took it now. `queued`: stored, `retryPending` sends it (Awin was unavailable,
 *   or an amendment waits for its conversion to go out first). `failed`: Awin refused it.
 * - `already_reported`: this change was reported before, nothing sent.
 * - `not_awin`: nothing to tell Awin (no Awin click, another paid channel won, or no
 *   conversion reported that a refund could change).
 * - `withdrawn`: the order was declined before its conversion went out, so it never will.
 */
export type ReportOutcome =
  'sent' | 'queued' | 'failed' | 'already_reported' | 'not_awin' | 'withdrawn';

export type AffiliateReporter = {
  /** Reports an order's sale to Awin once, when an Awin click brought it. */
  reportConversion(order: AffiliateOrder): Promise<ReportOutcome>;
  /**
   * Tells Awin the sale changed: `refundedCents` is the order's total refunded so far (a full
   * refund declines the sale), `'declined'` a decline or cancel. Each total is reported once.
   */
  reportAmendment(order: AffiliateOrder, change: number | 'declined'): Promise<ReportOutcome>;
  /** Sends what is due: stored failures past their retry time, waiting amendments. Run often. */
  retryPending(): Promise<{ sent: number; failed: number }>;
};

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 12;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;
/** How long an amendment waits before looking again for its conversion to have gone out. */
const CONVERSION_WAIT_MS = 60_000;
const AMENDMENTS_PER_RUN = 100;

/** Awin truncates order references at 50 characters; ours must match what it stored. */
const orderReference = (order: AffiliateOrder) => order.number.slice(0, 50);
const major = (cents: number) => Math.round(cents) / 100;

/**
 * The channel to report, or null when Awin gets nothing: the order needs an awc, and the last
 * paid channel must be Awin's. With no channel recorded (its 30-day cookie ran out before the
 * year-long awc) Awin's doc says to fall back to `aw`, and Awin's own windows decide.
 */
function awinChannel(order: AffiliateOrder): 'aw' | null {
  const { awc, channel } = order.attribution;
  if (!awc) return null;
  return channel === null || channel === 'aw' ? 'aw' : null;
}

function conversionOf(order: AffiliateOrder, awc: string): AwinConversion {
  const amount = major(order.netSubtotalCents);
  return {
    orderReference: orderReference(order),
    amount,
    channel: 'aw',
    awc,
    currency: order.currency.toUpperCase(),
    ...(order.voucher ? { voucher: order.voucher } : {}),
    commissionGroups: [{ code: DEFAULT_COMMISSION_GROUP, amount }],
    customerAcquisition: order.newCustomer ? 'NEW' : 'RETURNING',
  };
}

function amendmentOf(order: AffiliateOrder, change: number | 'declined'): AwinAmendment {
  const declined = change === 'declined' || change >= order.netSubtotalCents;
  return {
    status: declined ? 'declined' : 'amended',
    amount: declined ? 0 : major(order.netSubtotalCents - (change as number)),
    currency: order.currency.toUpperCase(),
    reason:
      change === 'declined' ? 'order declined' : declined ? 'order refunded' : 'partial refund',
    transactionDate: order.placedAt,
  };
}

/**
 * Affiliate conversions with an outbox's guarantees: every report is stored under a key of its
 * order and change before it is sent (so a second call never sends it twice), sent at once when
 * Awin answers, and otherwise left for `retryPending` with backoff, honouring Retry-After.
 * Amendments go out only after their conversion did.
 */
export function createAffiliateReporter(deps: {
  reports: AffiliateReportRepository;
  awin: AwinClient;
  log: Logger;
  now?: () => Date;
}): AffiliateReporter {
  const { reports, awin, log } = deps;
  const now = deps.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** Records a failed call on the report; returns whether it is retried later. */
  async function recordFailure(doc: AffiliateReportDoc, err: unknown): Promise<boolean> {
    const awinErr = err instanceof AwinError ? err : null;
    const message = (err as Error).message;
    log.warn(
      { orderReference: doc.orderReference, kind: doc.kind, status: awinErr?.status },
      'Awin report not taken',
    );
    if (awinErr && !awinErr.retryable) {
      await reports.markFailed(doc._id, message);
      return false;
    }
    if (awinErr?.retryAfterMs != null) {
      await reports.retryAt(doc._id, later(awinErr.retryAfterMs), message, false);
      return true;
    }
    if (doc.attempts + 1 >= MAX_ATTEMPTS) {
      await reports.markFailed(doc._id, message);
      return false;
    }
    const backoff = Math.min(BACKOFF_BASE_MS * 2 ** doc.attempts, BACKOFF_MAX_MS);
    await reports.retryAt(doc._id, later(backoff), message, true);
    return true;
  }

  const isRateLimit = (err: unknown) => err instanceof AwinError && err.status === 429;

  /** Sends claimed conversions in one call and records each one's fate. */
  async function sendConversions(docs: AffiliateReportDoc[]) {
    const result = { sent: 0, failed: 0, rateLimited: false };
    try {
      const { failed } = await awin.sendConversions(docs.map((d) => d.conversion!));
      const refused = new Map(failed.map((f) => [f.orderReference, f.reason]));
      for (const doc of docs) {
        const reason = refused.get(doc.orderReference);
        if (reason === undefined) {
          await reports.markSent(doc._id, now());
          await reports.wakeAmendments(doc.orderReference, now());
          result.sent += 1;
        } else {
          log.warn({ orderReference: doc.orderReference }, 'Awin refused a conversion');
          await reports.markFailed(doc._id, `refused: ${reason}`);
          result.failed += 1;
        }
      }
    } catch (err) {
      result.rateLimited = isRateLimit(err);
      for (const doc of docs) {
        if (!(await recordFailure(doc, err))) result.failed += 1;
      }
    }
    return result;
  }

  /** Sends one claimed amendment once its conversion is out; what became of it. */
  async function sendAmendment(doc: AffiliateReportDoc): Promise<ReportOutcome | 'rate_limited'> {
    const conversion = await reports.findById(`${doc.orderReference}/conversion`);
    if (conversion?.status === 'failed' || conversion?.status === 'cancelled') {
      await reports.markCancelled(doc._id, 'the conversion never reached Awin');
      return 'withdrawn';
    }
    if (conversion?.status !== 'sent') {
      await reports.retryAt(doc._id, later(CONVERSION_WAIT_MS), null, false);
      return 'queued';
    }
    try {
      await awin.amend(doc.orderReference, doc.amendment!);
      await reports.markSent(doc._id, now());
      return 'sent';
    } catch (err) {
      if (isRateLimit(err)) {
        await recordFailure(doc, err);
        return 'rate_limited';
      }
      return (await recordFailure(doc, err)) ? 'queued' : 'failed';
    }
  }

  /** Stores a report and tries it at once. */
  async function store(
    doc: Pick<AffiliateReportDoc, '_id' | 'orderReference' | 'kind' | 'conversion' | 'amendment'>,
  ) {
    const at = now();
    return reports.insert({
      ...doc,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      lastError: null,
      createdAt: at,
      sentAt: null,
    });
  }

  return {
    async reportConversion(order) {
      const awc = order.attribution.awc;
      if (!awc || !awinChannel(order)) return 'not_awin';
      const ref = orderReference(order);
      const id = `${ref}/conversion`;
      const conversion = conversionOf(order, awc);
      const stored = await store({
        _id: id,
        orderReference: ref,
        kind: 'conversion',
        conversion,
        amendment: null,
      });
      if (!stored) return 'already_reported';
      const claimed = await reports.claim(id, now(), later(LEASE_MS));
      if (!claimed) return 'queued';
      const { sent, failed } = await sendConversions([claimed]);
      return sent ? 'sent' : failed ? 'failed' : 'queued';
    },

    async reportAmendment(order, change) {
      if (change !== 'declined' && (!Number.isInteger(change) || change <= 0)) {
        throw new RangeError('refundedCents must be a positive whole number of cents');
      }
      const ref = orderReference(order);
      const conversion = await reports.findById(`${ref}/conversion`);
      if (!conversion || conversion.status === 'failed') return 'not_awin';
      if (conversion.status === 'cancelled') return 'withdrawn';
      const amendment = amendmentOf(order, change);
      // A declined sale cannot change at Awin any more.
      if (await reports.findById(`${ref}/decline`)) return 'already_reported';
      // Declined before it went out: the conversion is withdrawn, Awin never hears of the sale.
      if (amendment.status === 'declined' && (await reports.cancelPending(conversion._id))) {
        return 'withdrawn';
      }
      const id = amendment.status === 'declined' ? `${ref}/decline` : `${ref}/refund/${change}`;
      const stored = await store({
        _id: id,
        orderReference: ref,
        kind: 'amendment',
        conversion: null,
        amendment,
      });
      if (!stored) return 'already_reported';
      // Each amendment states the whole sale, so the newest replaces any still waiting.
      await reports.cancelOtherAmendments(ref, id);
      const claimed = await reports.claim(id, now(), later(LEASE_MS));
      if (!claimed) return 'queued';
      const outcome = await sendAmendment(claimed);
      return outcome === 'rate_limited' ? 'queued' : outcome;
    },

    async retryPending() {
      const total = { sent: 0, failed: 0 };
      const batch: AffiliateReportDoc[] = [];
      while (batch.length < AWIN_MAX_BATCH) {
        const doc = await reports.claimNext('conversion', now(), later(LEASE_MS));
        if (!doc) break;
        batch.push(doc);
      }
      if (batch.length) {
        const result = await sendConversions(batch);
        total.sent += result.sent;
        total.failed += result.failed;
        // Awin's rate limit is per account: no more calls this run.
        if (result.rateLimited) return total;
      }
      for (let i = 0; i < AMENDMENTS_PER_RUN; i++) {
        const doc = await reports.claimNext('amendment', now(), later(LEASE_MS));
        if (!doc) break;
        const outcome = await sendAmendment(doc);
        if (outcome === 'sent') total.sent += 1;
        if (outcome === 'failed') total.failed += 1;
        if (outcome === 'rate_limited') break;
      }
      return total;
    },
  };
}
