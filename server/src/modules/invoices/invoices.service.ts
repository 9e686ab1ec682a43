import { ObjectId, type Filter } from 'mongodb';
import type { AdminInvoice, InvoiceKind, Locale, OrderInvoices } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import {
  seriesOf,
  type InvoiceDoc,
  type PartySnapshot,
  type TraderSnapshot,
} from './invoice-doc.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { creditNoteOf, invoiceOf, isInvoiceable } from './invoice-snapshot.ts';
import type { InvoiceRepository } from './invoices.repository.ts';

/** A refund as its credit note needs it (the refunds module's record). */
export type RefundFacts = {
  id: ObjectId;
  lines: Array<{ itemId: ObjectId; cents: number }>;
  reason: string;
};

/** The PDF of a document, attached to a mail and read back by the mailer through `ref`. */
export type InvoiceAttachment = { filename: string; contentType: 'application/pdf'; ref: string };

const ATTACHMENT_PREFIX = 'invoice:';
const pdfName = (doc: InvoiceDoc) =>
  `${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.number}.pdf`;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const toAdminInvoice = (doc: InvoiceDoc): AdminInvoice => ({
  id: doc._id.toHexString(),
  kind: doc.kind,
  number: doc.number,
  orderId: doc.orderId.toHexString(),
  orderNumber: doc.orderNumber,
  invoiceNumber: doc.invoiceNumber ?? null,
  buyerEmail: doc.buyer.email,
  currency: doc.currency,
  totalCents: doc.totals.grossCents,
  vatCents: doc.totals.vatCents,
  issuedAt: doc.issuedAt.toISOString(),
  pdfUrl: `/api/admin/invoices/${doc._id.toHexString()}/pdf`,
});

/**
 * Invoices and credit notes: issued once per paid order and per refund, numbered without a gap
 * (`invoices.repository.ts`, `issue`), immutable, rendered to PDF on demand from what they
 * froze. Issuing is serialised per series inside this process, so one instance never races
 * itself for a number; instances race only each other, and the unique index settles that.
 */
export function createInvoiceService(deps: {
  invoices: InvoiceRepository;
  orders: { findById(id: ObjectId): Promise<OrderDoc | null> };
  users: {
    findById(uid: string): Promise<{ name: string; surname: string; locale: Locale } | null>;
  };
  sellers: { tradersByIds(ids: string[]): Promise<Map<string, TraderSnapshot>> };
  issuer: PartySnapshot;
  clock?: () => Date;
}) {
  const { invoices } = deps;
  const now = deps.clock ?? (() => new Date());
  /** The tail of each series' queue in this process. */
  const queues = new Map<string, Promise<unknown>>();

  function serial<T>(series: string, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(series) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    queues.set(series, tail);
    // The map forgets a series once its queue is empty (a year's series ends).
    void tail.then(() => queues.get(series) === tail && queues.delete(series));
    return run;
  }

  /** The order's invoice, issued now if it has none and is paid; null when it is not paid. */
  async function issueFor(order: OrderDoc): Promise<InvoiceDoc | null> {
    const existing = await invoices.invoiceOf(order._id);
    if (existing) return existing;
    if (!isInvoiceable(order)) return null;
    const [user, traders] = await Promise.all([
      deps.users.findById(order.userId),
      deps.sellers.tradersByIds([...new Set(order.items.map((i) => i.sellerId))]),
    ]);
    const buyer = {
      name: [user?.name, user?.surname].filter(Boolean).join(' ') || order.email,
      email: order.email,
      country: null,
    };
    const series = seriesOf('invoice', now());
    return serial(series, () => {
      const parties = { issuer: deps.issuer, buyer, locale: user?.locale ?? 'en', traders };
      const doc = invoiceOf(order, parties, now());
      return invoices.issue({ orderId: order._id, kind: 'invoice' }, series, {
        _id: new ObjectId(),
        ...doc,
      });
    });
  }

  /** The refund's credit note (once per refund); null when the order was never invoiced. */
  async function creditNoteFor(order: OrderDoc, refund: RefundFacts): Promise<InvoiceDoc | null> {
    const invoice = await issueFor(order);
    if (!invoice) return null;
    const series = seriesOf('credit_note', now());
    return serial(series, () =>
      invoices.issue({ refundId: refund.id, kind: 'credit_note' }, series, {
        _id: new ObjectId(),
        refundId: refund.id,
        ...creditNoteOf(
          invoice,
          {
            reason: refund.reason,
            lines: refund.lines.map((l) => ({ itemId: l.itemId.toHexString(), cents: l.cents })),
          },
          now(),
        ),
      }),
    );
  }

  /** The buyer's own paid order; anyone else's, or an unpaid one, is not found. */
  async function ownOrder(uid: string, orderId: string): Promise<OrderDoc> {
    const id = toObjectId(orderId);
    const order = id && (await deps.orders.findById(id));
    if (!order || order.userId !== uid) throw new AppError('NOT_FOUND');
    return order;
  }

  const pdfOf = async (doc: InvoiceDoc) => ({
    filename: pdfName(doc),
    pdf: await renderInvoicePdf(doc),
  });

  return {
    issueFor,
    creditNoteFor,
    /** What a mail attaches for the document: resolved to its PDF when the mail is sent. */
    attachmentOf: (doc: InvoiceDoc): InvoiceAttachment => ({
      filename: pdfName(doc),
      contentType: 'application/pdf',
      ref: `${ATTACHMENT_PREFIX}${doc._id.toHexString()}`,
    }),
    /**
     * The order's invoice as a PDF, for a dispute's evidence; null when the order has none (paid
     * before invoices existed). Never issues one: a dispute is not a sale to invoice.
     */
    async pdfOfOrder(orderId: ObjectId) {
      const doc = await invoices.invoiceOf(orderId);
      return doc && { number: doc.number, ...(await pdfOf(doc)) };
    },
    /** The mailer's resolver: the PDF an attachment `ref` names (null: not an invoice's). */
    async attachment(ref: string): Promise<Buffer | null> {
      if (!ref.startsWith(ATTACHMENT_PREFIX)) return null;
      const id = toObjectId(ref.slice(ATTACHMENT_PREFIX.length));
      const doc = id && (await invoices.findById(id));
      return doc ? renderInvoicePdf(doc) : null;
    },
    /**
     * The buyer's invoice of an order, as a PDF: issued now for a paid order that has none yet
     * (orders delivered before invoices existed). 404 for another's order or an unpaid one.
     */
    async buyerInvoice(uid: string, orderId: string) {
      const doc = await issueFor(await ownOrder(uid, orderId));
      if (!doc) throw new AppError('NOT_FOUND');
      return pdfOf(doc);
    },
    /** The numbers of the buyer's documents of an order (none for an unpaid order). */
    async buyerDocuments(uid: string, orderId: string): Promise<OrderInvoices> {
      const order = await ownOrder(uid, orderId);
      const [invoice, notes] = await Promise.all([
        invoices.invoiceOf(order._id),
        invoices.creditNotesOf(order._id),
      ]);
      return { invoice: invoice?.number ?? null, creditNotes: notes.map((n) => n.number) };
    },
    async buyerCreditNote(uid: string, orderId: string, number: string) {
      const order = await ownOrder(uid, orderId);
      const doc = await invoices.findByNumber(number);
      if (!doc || doc.kind !== 'credit_note' || !doc.orderId.equals(order._id)) {
        throw new AppError('NOT_FOUND');
      }
      return pdfOf(doc);
    },
    async page(
      q: ListQuery,
      filter: { q?: string; id?: string | string[]; kind?: InvoiceKind; orderId?: string },
    ) {
      const query: Filter<InvoiceDoc> = {};
      if (filter.id !== undefined) query._id = { $in: toObjectIds(filter.id) };
      if (filter.kind) query.kind = filter.kind;
      if (filter.orderId !== undefined) {
        const orderId = toObjectId(filter.orderId);
        if (!orderId) return { rows: [], total: 0 };
        query.orderId = orderId;
      }
      // A number or its beginning (`2026-0001`): a prefix, which the number's index answers.
      if (filter.q) query.number = { $regex: `^${escapeRegex(filter.q.trim().toUpperCase())}` };
      const { rows, total } = await invoices.page(q, query);
      return { rows: rows.map(toAdminInvoice), total };
    },
    async get(id: string): Promise<AdminInvoice> {
      const oid = toObjectId(id);
      const doc = oid && (await invoices.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return toAdminInvoice(doc);
    },
    async pdf(id: string) {
      const oid = toObjectId(id);
      const doc = oid && (await invoices.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return pdfOf(doc);
    },
    /** The numbers taken in a series, highest first (the benchmark checks them). */
    seqsOf: invoices.seqsOf,
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
