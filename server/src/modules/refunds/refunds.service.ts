import { ObjectId } from 'mongodb';
import {
  ORDER_REASONS,
  type AdminOrder,
  type Refund,
  type RefundRequest,
  type RefundStatus,
} from '@market/shared';
import {
  PaymentError,
  type PaymentProviders,
} from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { Logger } from '../../logger.ts';
import { paymentOutcomes } from '../../observability/metrics.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { OrderReports } from '../affiliates/order-reports.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { OrderMails } from '../mails/order-mails.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import { UNDELIVERED_STATUSES, type OrderDoc, type OrderItemDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { OrderService } from '../orders/orders.service.ts';
import type { RefundDoc, RefundLineDoc, RefundRepository } from './refunds.repository.ts';

const toRefund = (doc: RefundDoc): Refund => ({
  id: doc._id.toHexString(),
  orderId: doc.orderId.toHexString(),
  orderNumber: doc.orderNumber,
  itemId: doc.itemId?.toHexString() ?? null,
  amountCents: doc.amountCents,
  currency: doc.currency,
  reason: doc.reason,
  status: doc.status,
  providerRefundId: doc.providerRefundId,
  actorUid: doc.actorUid,
  createdAt: doc.createdAt.toISOString(),
});

/**
 * What a line's refund gives back: the line's price less the share of the coupon discount it
 * got when the order was placed (stored on the line), so refunding every line gives back
 * exactly what was paid. The ledger takes back from the seller that share of what the line
 * credited them (`ledger.reverse`).
 */
export function refundLine(item: OrderItemDoc): RefundLineDoc {
  return { itemId: item._id, cents: item.unitPriceCents * item.quantity - item.discountCents };
}

/**
 * Whether the order holds money it must give back in full: captured, but declined or cancelled
 * (by a person or the System, before or after the capture), and nothing refunded yet. The
 * order's own state is the obligation, so a crash between the decision and the refund loses
 * nothing: the reconciliation finds it again (`owingRefund` asks the same).
 */
export function owesRefund(order: OrderDoc): boolean {
  return (
    order.payment?.status === 'captured' &&
    (UNDELIVERED_STATUSES as readonly string[]).includes(order.status) &&
    order.refundedCents === 0 &&
    !order.refundRefusedAt
  );
}

/** Why an undelivered order's money went back, as the refunds list shows it. */
function undeliveredReason(order: OrderDoc): string {
  const decision = order.decisions.at(-1);
  if (!decision || decision.reason === ORDER_REASONS.autoCancelled) {
    return 'Paid after the reservation expired: the keys were no longer held';
  }
  return `${decision.reason}: the payment goes back in full`;
}

const BATCH = 100;

/**
 * Refunds of approved orders, a line or every line left. No transactions: the refund record is
 * written first (pending), then its lines are claimed on the order in one conditional update (a
 * line is refunded once, ever), then the provider is asked with an idempotency key of the
 * record, then the books follow, each step idempotent. A crash anywhere leaves a pending record
 * holding its claim; repeating the call (or the job, `resumePending`) finishes it with the same
 * key, so the provider refunds once.
 */
export function createRefundService(deps: {
  refunds: RefundRepository;
  orders: OrderFacade;
  orderService: Pick<OrderService, 'adminGet'>;
  keys: KeyFacade;
  offers: Pick<OfferFacade, 'incStock'>;
  pricing: Pick<OfferPricing, 'refreshRanges'>;
  ledger: LedgerFacade;
  payments: PaymentProviders;
  reports: OrderReports;
  mails: Pick<OrderMails, 'refunded'>;
  /**
   * The refund's credit note (the invoices module), issued once per refund before the mail that
   * carries it; nothing for an order never invoiced (its capture went back undelivered).
   */
  creditNotes?: {
    issue(
      order: OrderDoc,
      refund: Pick<RefundDoc, 'lines' | 'reason'> & { id: ObjectId },
    ): Promise<Array<{ filename: string; contentType: string; ref: string }>>;
  };
  auditLog: AuditLog;
  log: Logger;
  clock?: () => Date;
}) {
  const { refunds, orders, keys, offers, pricing, ledger, payments, reports, log } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The refunded lines' keys: unrevealed ones back on sale, revealed ones revoked. */
  async function takeBackKeys(order: OrderDoc, lines: RefundLineDoc[]) {
    const products: ObjectId[] = [];
    for (const line of lines) {
      const item = order.items.find((i) => i._id.equals(line.itemId))!;
      for (const keyId of item.keyIds) {
        if (await keys.returnUnrevealed(keyId, order._id)) {
          await offers.incStock(item.offerId, 1);
          products.push(item.productId);
        } else {
          await keys.revokeRevealed(keyId, order._id);
        }
      }
    }
    await pricing.refreshRanges(products);
  }

  /** Everything after the provider said yes; each step can run again without effect. */
  async function book(doc: RefundDoc, providerRefundId: string) {
    const order = (await orders.findById(doc.orderId))!;
    const at = now();
    if (doc.lines.length) {
      await takeBackKeys(order, doc.lines);
      // The seller's net and the marketplace's commission go back in proportion to what the
      // buyer got back (a held sale's from the held money); the unique (orderId, itemId, type)
      // index makes a repeated debit a no-op.
      await ledger.reverse(
        order,
        'refund',
        doc.lines.map((line) => ({ itemId: line.itemId, refundedCents: line.cents })),
        at,
      );
      await orders.completeRefund(order._id, doc._id, doc.lines, at);
    } else {
      await orders.setRefunded(order._id, doc.amountCents);
    }
    // The credit note before the record completes: a crash in between leaves the refund
    // pending, and finishing it issues the note (once per refund) instead of losing it.
    const attachments =
      (await deps.creditNotes?.issue(order, {
        id: doc._id,
        lines: doc.lines,
        reason: doc.reason,
      })) ?? [];
    await refunds.complete(doc._id, providerRefundId, at);
    await deps.mails.refunded(
      order,
      { id: doc._id, amountCents: doc.amountCents, itemId: doc.itemId },
      attachments,
    );
    const after = (await orders.findById(order._id))!;
    if (after.status === 'approved') await reports.refunded(after, after.refundedCents);
  }

  /** Asks the provider (same key on a retry: never a second refund), then books it. */
  async function send(doc: RefundDoc, order: OrderDoc): Promise<void> {
    const payment = order.payment!;
    try {
      const result = await payments[payment.provider].refund(payment.captureId!, {
        ...(doc.lines.length ? { amountCents: doc.amountCents } : {}),
        currency: doc.currency,
        idempotencyKey: doc.idempotencyKey,
        reason: doc.reason,
        orderId: order._id.toHexString(),
      });
      paymentOutcomes.inc({ provider: payment.provider, outcome: 'refunded' });
      await book(doc, result.refundId);
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      if (err.code === 'UNAVAILABLE') {
        // Left pending with its claim: a retry (or the job) asks again with the same key.
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
      log.warn({ orderId: order._id.toHexString(), code: err.code }, 'refund refused');
      // An undelivered order's capture: asking again would be refused again, so a person takes it.
      if (!doc.lines.length) await orders.markRefundRefused(order._id, now());
      await orders.releaseRefund(order._id, doc._id);
      await refunds.fail(doc._id, `${err.code}: ${err.message}`, now());
      throw new AppError('CONFLICT', {
        message: `The payment provider refused the refund (${err.code})`,
      });
    }
  }

  /**
   * Claims the record's lines on the order (or finds them claimed by this same record before a
   * crash; anything else is another refund, 409), then sends it.
   */
  async function claimAndSend(doc: RefundDoc, order: OrderDoc): Promise<void> {
    if (doc.lines.length) {
      const itemIds = doc.lines.map((l) => l.itemId);
      const claimed =
        (await orders.claimRefund(order._id, itemIds, doc._id)) ??
        (await orders.findById(order._id))?.items.some((i) => i.refundId?.equals(doc._id));
      if (!claimed) {
        await refunds.fail(doc._id, 'the line was refunded by another refund', now());
        throw new AppError('CONFLICT', { message: 'This line was refunded already' });
      }
    }
    await send(doc, order);
  }

  /**
   * A new pending record for the scope, the key counting the attempts the provider refused; or
   * the one a racing call opened first (null when it finished meanwhile).
   */
  async function open(
    order: OrderDoc,
    scope: string,
    fields: Pick<RefundDoc, 'itemId' | 'lines' | 'amountCents' | 'reason' | 'actorUid'>,
  ): Promise<RefundDoc | null> {
    const refused = await refunds.failedCount(scope);
    const at = now();
    const doc: RefundDoc = {
      _id: new ObjectId(),
      scope,
      idempotencyKey: refused ? `${scope}:${refused + 1}` : scope,
      orderId: order._id,
      orderNumber: order.number,
      currency: order.currency,
      status: 'pending',
      providerRefundId: null,
      failure: null,
      createdAt: at,
      updatedAt: at,
      ...fields,
    };
    return refunds.open(doc);
  }

  /**
   * Gives back the whole capture of an order that will never be delivered (`owesRefund`:
   * declined or cancelled by a person or the System, or expired while the buyer paid), once.
   * Nothing else to undo: its keys went back with the decision, its sellers were never
   * credited, and Awin never heard of a sale (reported only after approval, which is final).
   * The refund's actor is the admin who decided, if one did. Throws like `send`.
   */
  async function refundUndeliverable(order: OrderDoc): Promise<void> {
    const scope = `refund:${order._id.toHexString()}:all`;
    let doc = await refunds.pendingOf(scope);
    if (!doc) {
      // Read again after that look-up: a racing call (the buyer's return and the webhook both
      // declining) books its refund on the order before it closes its record.
      const current = await orders.findById(order._id);
      if (!current || !owesRefund(current)) return;
      doc = await open(current, scope, {
        itemId: null,
        lines: [],
        amountCents: current.payment!.amountCents,
        reason: undeliveredReason(current),
        actorUid: current.decisions.at(-1)?.actorUid ?? null,
      });
      // The racing call's refund went through meanwhile.
      if (!doc) return;
    }
    await send(doc, order);
  }

  async function findOrder(id: string): Promise<OrderDoc> {
    const oid = toObjectId(id);
    const order = oid && (await orders.findById(oid));
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }

  return {
    /** An admin refunds one line of an approved order, or every line not refunded yet. */
    async refund(orderId: string, input: RefundRequest, ctx: AuditContext): Promise<AdminOrder> {
      const order = await findOrder(orderId);
      if (order.status !== 'approved' || !order.payment?.captureId) {
        throw new AppError('CONFLICT', { message: 'Only an approved, paid order can be refunded' });
      }
      const item = input.itemId && order.items.find((i) => i._id.toHexString() === input.itemId);
      if (input.itemId && !item) {
        throw new AppError('VALIDATION_FAILED', { errors: { itemId: 'Not a line of the order' } });
      }
      const scope = `refund:${order._id.toHexString()}:${item ? item._id.toHexString() : 'all'}`;
      let doc = await refunds.pendingOf(scope);
      if (!doc) {
        const lines = (item ? [item] : order.items).filter((i) => !i.refundId);
        if (!lines.length) {
          throw new AppError('CONFLICT', {
            message: item ? 'This line was refunded already' : 'Every line was refunded already',
          });
        }
        const refundLines = lines.map(refundLine);
        doc = await open(order, scope, {
          itemId: item ? item._id : null,
          lines: refundLines,
          amountCents: refundLines.reduce((sum, l) => sum + l.cents, 0),
          reason: input.reason,
          actorUid: ctx.actor.uid,
        });
        // A racing request made this same refund meanwhile.
        if (!doc) throw new AppError('CONFLICT', { message: 'This refund was just made' });
      }
      await claimAndSend(doc, order);
      await deps.auditLog.record(ctx, {
        action: 'order.refund',
        target: { type: 'order', id: order._id.toHexString() },
        reason: input.reason,
        details: {
          refundId: doc._id.toHexString(),
          itemId: input.itemId ?? null,
          amountCents: doc.amountCents,
        },
      });
      return deps.orderService.adminGet(orderId);
    },

    refundUndeliverable,

    /**
     * The job's part: refunds the captures of undelivered orders a crash left without a refund
     * (decided before `before`), then finishes refunds a crash (or an unreachable provider) left
     * pending. Answers how many went through.
     */
    async resumePending(before: Date): Promise<number> {
      let resumed = 0;
      for (const order of await orders.owingRefund(before, BATCH)) {
        // One already pending is the loop below's (not asked twice in one run).
        if (await refunds.pendingOf(`refund:${order._id.toHexString()}:all`)) continue;
        try {
          await refundUndeliverable(order);
          resumed++;
        } catch (err) {
          log.warn({ err, orderId: order._id.toHexString() }, 'owed refund not made yet');
        }
      }
      for (const doc of await refunds.stalePending(before, BATCH)) {
        const order = await orders.findById(doc.orderId);
        if (!order) continue;
        try {
          await claimAndSend(doc, order);
          resumed++;
        } catch (err) {
          log.warn({ err, refundId: doc._id.toHexString() }, 'pending refund not finished yet');
        }
      }
      return resumed;
    },

    async list(
      q: ListQuery,
      filter: {
        id?: string | string[] | undefined;
        orderId?: string | undefined;
        status?: RefundStatus | undefined;
      },
    ) {
      const orderId = filter.orderId === undefined ? undefined : toObjectId(filter.orderId);
      if (orderId === null) return { rows: [], total: 0 };
      const { rows, total } = await refunds.page(q, {
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
        orderId,
        status: filter.status,
      });
      return { rows: rows.map(toRefund), total };
    },

    async get(id: string): Promise<Refund> {
      const oid = toObjectId(id);
      const doc = oid && (await refunds.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return toRefund(doc);
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
