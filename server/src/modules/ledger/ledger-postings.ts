import { ObjectId } from 'mongodb';
import type { CategoryId, Currency } from '@market/shared';
import type { CommissionFacade } from '../commission/commission.facade.ts';
import { releaseDate, reverseShare, splitSale, type Amounts } from './ledger-math.ts';
import type { LedgerEntryDoc, LedgerRepository } from './ledger.repository.ts';

/** What the ledger reads of an order (the orders module's doc, structurally). */
export type LedgerOrder = {
  _id: ObjectId;
  currency: Currency;
  couponFundedBy?: 'seller';
  items: Array<{
    _id: ObjectId;
    sellerId: string;
    categoryId: CategoryId;
    unitPriceCents: number;
    quantity: number;
    discountCents: number;
  }>;
};

/** An entry's split, entries written before commissions counting their amount as the price. */
const amountsOf = (e: LedgerEntryDoc): Amounts => ({
  grossCents: e.grossCents ?? e.amountCents,
  sellerDiscountCents: e.sellerDiscountCents ?? 0,
  commissionCents: e.commissionCents ?? 0,
  netCents: e.amountCents,
});

const sum = (entries: LedgerEntryDoc[]): Amounts =>
  entries.map(amountsOf).reduce(
    (a, b) => ({
      grossCents: a.grossCents + b.grossCents,
      sellerDiscountCents: a.sellerDiscountCents + b.sellerDiscountCents,
      commissionCents: a.commissionCents + b.commissionCents,
      netCents: a.netCents + b.netCents,
    }),
    { grossCents: 0, sellerDiscountCents: 0, commissionCents: 0, netCents: 0 },
  );

/**
 * Writing the sellers' side of sales, refunds and chargebacks. Every write goes through the
 * repository's `record`, whose unique (orderId, itemId, type) index makes a repeat a no-op, so
 * each caller may run again after a crash.
 */
export function createLedgerPostings(deps: {
  repo: LedgerRepository;
  commission: CommissionFacade;
  holdbackDays: number;
}) {
  const { repo, commission, holdbackDays } = deps;
  return {
    /**
     * Credits each delivered line's seller the net (commission and fee off, under the rule in
     * force now, recorded on the entry), payable after the holdback. A seller in `held` (not
     * approved any more) gets the entry withheld for the marketplace to settle.
     */
    async creditSales(order: LedgerOrder, approved: Set<string>, at: Date): Promise<void> {
      const availableAt = releaseDate(at, holdbackDays);
      const entries: LedgerEntryDoc[] = [];
      for (const item of order.items) {
        const terms = await commission.termsFor(item.sellerId, item.categoryId, order.currency);
        const split = splitSale(item, order.couponFundedBy === 'seller', terms);
        entries.push({
          _id: new ObjectId(),
          sellerId: item.sellerId,
          orderId: order._id,
          itemId: item._id,
          type: 'sale',
          amountCents: split.netCents,
          grossCents: split.grossCents,
          sellerDiscountCents: split.sellerDiscountCents,
          rateBps: split.rateBps,
          feeCents: split.feeCents,
          commissionCents: split.commissionCents,
          currency: order.currency,
          at,
          availableAt,
          ...(approved.has(item.sellerId) ? {} : { held: true }),
        });
      }
      await repo.record(entries);
    },

    /**
     * Reverses lines in proportion: `refundedCents` of what the buyer paid for the line (its
     * price less its discount) went back, so that share of the seller's net and of the
     * marketplace's commission is taken back (`reverseShare`); a line refunded whole reverses
     * exactly what its sale and earlier reversals left. `refundedCents: null`: all that is left
     * (a chargeback). Inside the holdback the debit is of pending money, after it of available.
     */
    async reverse(
      order: LedgerOrder,
      type: 'refund' | 'chargeback',
      lines: Array<{ itemId: ObjectId; refundedCents: number | null }>,
      at: Date,
    ): Promise<void> {
      const entries = await repo.ofOrder(order._id);
      const out: LedgerEntryDoc[] = [];
      for (const line of lines) {
        const mine = entries.filter((e) => e.itemId.equals(line.itemId));
        const sale = mine.find((e) => e.type === 'sale');
        if (!sale || mine.some((e) => e.type === type)) continue;
        const item = order.items.find((i) => i._id.equals(line.itemId))!;
        const paid = item.unitPriceCents * item.quantity - item.discountCents;
        const reversed = sum(mine.filter((e) => e.type !== 'sale'));
        const share =
          line.refundedCents === null || paid <= 0
            ? reverseShare(amountsOf(sale), reversed, 1, 1)
            : reverseShare(amountsOf(sale), reversed, line.refundedCents, paid);
        if (!share.netCents && !share.commissionCents && !share.grossCents) continue;
        const release = sale.availableAt ?? sale.at;
        out.push({
          _id: new ObjectId(),
          sellerId: sale.sellerId,
          orderId: order._id,
          itemId: line.itemId,
          type,
          amountCents: share.netCents,
          grossCents: share.grossCents,
          sellerDiscountCents: share.sellerDiscountCents,
          rateBps: sale.rateBps ?? 0,
          feeCents: sale.feeCents ?? 0,
          commissionCents: share.commissionCents,
          currency: sale.currency,
          at,
          availableAt: release > at ? release : at,
          ...(sale.held ? { held: true } : {}),
        });
      }
      await repo.record(out);
    },

    /**
     * A dispute decided for the shop: each line's `chargeback` entry is given back by a
     * `dispute_won` entry of the opposite amounts (the unique (orderId, itemId, type) makes a
     * repeat a no-op). Payable when the chargeback's debit was (pending inside the holdback).
     * Answers how many lines were restored by this call.
     */
    async restoreChargeback(orderId: ObjectId, at: Date): Promise<number> {
      const entries = await repo.ofOrder(orderId);
      const out: LedgerEntryDoc[] = [];
      for (const cb of entries.filter((e) => e.type === 'chargeback')) {
        if (entries.some((e) => e.type === 'dispute_won' && e.itemId.equals(cb.itemId))) continue;
        const release = cb.availableAt ?? cb.at;
        out.push({
          ...cb,
          _id: new ObjectId(),
          type: 'dispute_won',
          amountCents: -cb.amountCents,
          ...(cb.grossCents !== undefined && { grossCents: -cb.grossCents }),
          ...(cb.sellerDiscountCents !== undefined && {
            sellerDiscountCents: -cb.sellerDiscountCents,
          }),
          ...(cb.commissionCents !== undefined && { commissionCents: -cb.commissionCents }),
          at,
          availableAt: release > at ? release : at,
        });
      }
      return repo.record(out);
    },
  };
}
export type LedgerPostings = ReturnType<typeof createLedgerPostings>;
