import { vatIncludedCents, type Locale } from '@market/shared';
import type { OrderDoc } from '../orders/order-doc.ts';
import type {
  BuyerSnapshot,
  InvoiceDoc,
  InvoiceLineDoc,
  PartySnapshot,
  TraderSnapshot,
  VatSummaryDoc,
} from './invoice-doc.ts';

/** The VAT facts the VAT engineer's placement writes (absent on orders placed before it). */
type TaxedOrder = OrderDoc & { tax?: { country: string | null } };

/** Orders from before VAT by country paid the shop's one rate, Italy's. */
const LEGACY_TAX_COUNTRY = 'IT';

/** The orders that are invoiced: paid and approved (a charged-back one was approved first). */
export const isInvoiceable = (order: OrderDoc) =>
  order.status === 'approved' || order.status === 'charged_back';

/** When the supply was paid for: the order's approval. */
export const paidAtOf = (order: OrderDoc, fallback: Date) =>
  order.decisions.find((d) => d.status === 'approved')?.at ?? fallback;

/** Where VAT was due: the order's own record, Italy for orders from before it. */
export const taxCountryOf = (order: OrderDoc) => {
  const tax = (order as TaxedOrder).tax;
  return tax === undefined ? LEGACY_TAX_COUNTRY : tax.country;
};

/** One invoice line from an order line: gross after its coupon share, its rate, the VAT in it. */
export function invoiceLine(
  item: OrderDoc['items'][number],
  seller: TraderSnapshot,
  grossCents = item.unitPriceCents * item.quantity - item.discountCents,
): InvoiceLineDoc {
  const vatRateBps = item.zeroVat ? 0 : item.vatRateBps;
  const vatCents = vatIncludedCents(grossCents, vatRateBps);
  return {
    itemId: item._id.toHexString(),
    description: item.name,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    discountCents: item.discountCents,
    grossCents,
    vatRateBps,
    zeroVat: item.zeroVat,
    vatCents,
    netCents: grossCents - vatCents,
    seller,
  };
}

/** Totals and the per-rate summary of a document's lines (the sum of the lines, to the cent). */
export function totalsOf(lines: InvoiceLineDoc[]) {
  const byRate = new Map<number, VatSummaryDoc>();
  for (const l of lines) {
    const s = byRate.get(l.vatRateBps) ?? { rateBps: l.vatRateBps, netCents: 0, vatCents: 0 };
    s.netCents += l.netCents;
    s.vatCents += l.vatCents;
    byRate.set(l.vatRateBps, s);
  }
  const sum = (f: (l: InvoiceLineDoc) => number) => lines.reduce((n, l) => n + f(l), 0);
  return {
    vatSummary: [...byRate.values()].sort((a, b) => b.rateBps - a.rateBps),
    totals: {
      netCents: sum((l) => l.netCents),
      vatCents: sum((l) => l.vatCents),
      grossCents: sum((l) => l.grossCents),
      discountCents: sum((l) => l.discountCents),
    },
  };
}

/** A seller no longer on file still gets a line: its id, named as unknown. */
export const unknownTrader = (id: string): TraderSnapshot => ({
  id,
  name: id,
  registrationName: '—',
  vatNumber: '—',
  address: null,
});

/** The invoice of `order` as it stands, before its number. */
export function invoiceOf(
  order: OrderDoc,
  parties: {
    issuer: PartySnapshot;
    buyer: BuyerSnapshot;
    locale: Locale;
    traders: Map<string, TraderSnapshot>;
  },
  now: Date,
): Omit<InvoiceDoc, '_id' | 'series' | 'seq' | 'number'> {
  const lines = order.items.map((item) =>
    invoiceLine(item, parties.traders.get(item.sellerId) ?? unknownTrader(item.sellerId)),
  );
  return {
    kind: 'invoice',
    orderId: order._id,
    orderNumber: order.number,
    userId: order.userId,
    locale: parties.locale,
    issuer: parties.issuer,
    buyer: parties.buyer,
    lines,
    ...totalsOf(lines),
    currency: order.currency,
    taxCountry: taxCountryOf(order),
    paidAt: paidAtOf(order, now),
    issuedAt: now,
  };
}

/**
 * The credit note of a refund, from the invoice it corrects: each refunded line at what went
 * back for it, with the VAT that amount held at the line's rate; a refund naming no line
 * credits every line of the invoice.
 */
export function creditNoteOf(
  invoice: InvoiceDoc,
  refund: { lines: Array<{ itemId: string; cents: number }>; reason: string },
  now: Date,
): Omit<InvoiceDoc, '_id' | 'series' | 'seq' | 'number'> {
  const lines = refund.lines.length
    ? refund.lines.flatMap((r) => {
        const line = invoice.lines.find((l) => l.itemId === r.itemId);
        if (!line) return [];
        const vatCents = vatIncludedCents(r.cents, line.vatRateBps);
        return [{ ...line, grossCents: r.cents, vatCents, netCents: r.cents - vatCents }];
      })
    : invoice.lines;
  return {
    kind: 'credit_note',
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    invoiceNumber: invoice.number,
    reason: refund.reason,
    userId: invoice.userId,
    locale: invoice.locale,
    issuer: invoice.issuer,
    buyer: invoice.buyer,
    lines,
    ...totalsOf(lines),
    currency: invoice.currency,
    taxCountry: invoice.taxCountry,
    paidAt: invoice.paidAt,
    issuedAt: now,
  };
}
