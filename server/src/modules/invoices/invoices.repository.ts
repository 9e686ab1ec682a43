import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';
import { numberOf, type InvoiceDoc } from './invoice-doc.ts';

export const invoiceIndexes: IndexDescription[] = [
  // The numbering: a number exists once per series, and "the last number" is read from here.
  { key: { series: 1, seq: -1 }, name: 'gapless_series', unique: true },
  // One invoice per order, one credit note per refund, whoever issues it first.
  {
    key: { orderId: 1 },
    name: 'one_invoice_per_order',
    unique: true,
    partialFilterExpression: { kind: 'invoice' },
  },
  {
    key: { refundId: 1 },
    name: 'one_credit_note_per_refund',
    unique: true,
    partialFilterExpression: { kind: 'credit_note' },
  },
  // An order's documents (its credit notes) in their order.
  { key: { orderId: 1, kind: 1, seq: 1 } },
  // Found by number (the admin's search, the buyer's credit-note link).
  { key: { number: 1 }, unique: true },
  // The admin's list, newest first; of one kind (invoices, credit notes).
  { key: { issuedAt: -1, _id: -1 } },
  { key: { kind: 1, issuedAt: -1, _id: -1 } },
];

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

/** Attempts at one number before giving up (only other instances take numbers meanwhile). */
const MAX_ATTEMPTS = 1000;

/** The only code that touches the `invoices` collection. */
export function createInvoiceRepository(db: Db) {
  const invoices = db.collection<InvoiceDoc>('invoices');

  return {
    /**
     * Issues the document `existing` names unless it exists: its number is the series' last
     * plus one, written with the document in one insert. The unique (series, seq) index refuses
     * a number another writer took meanwhile, and the loop reads the last again: a number exists
     * exactly when its document does (a crash before the insert takes no number, one after it
     * finds the document), so the series has no hole and no duplicate, on any number of
     * instances. Answers the document, the one a racing call issued first included.
     */
    async issue(
      existing: Filter<InvoiceDoc>,
      series: string,
      doc: Omit<InvoiceDoc, '_id' | 'series' | 'seq' | 'number'> & { _id: ObjectId },
    ): Promise<InvoiceDoc> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const found = await invoices.findOne(existing);
        if (found) return found;
        const last = await invoices.findOne(
          { series },
          { sort: { seq: -1 }, projection: { seq: 1 } },
        );
        const seq = (last?.seq ?? 0) + 1;
        const issued: InvoiceDoc = { ...doc, series, seq, number: numberOf(series, seq) };
        try {
          await invoices.insertOne(issued);
          return issued;
        } catch (err) {
          // Another writer took this number (or issued this very document): read both again.
          if (!isDuplicateKey(err)) throw err;
        }
      }
      throw new Error(`no number of series ${series} after ${MAX_ATTEMPTS} attempts`);
    },
    invoiceOf: (orderId: ObjectId) => invoices.findOne({ orderId, kind: 'invoice' }),
    creditNotesOf: (orderId: ObjectId) =>
      invoices.find({ orderId, kind: 'credit_note' }).sort({ seq: 1 }).toArray(),
    findByNumber: (number: string) => invoices.findOne({ number }),
    findById: (id: ObjectId) => invoices.findOne({ _id: id }),
    /** The documents of a series in number order (the benchmark and the tests count them). */
    seqsOf: async (series: string) =>
      (
        await invoices
          .find({ series }, { projection: { seq: 1 } })
          .sort({ seq: -1 })
          .toArray()
      ).map((d) => d.seq),
    /** A page, newest first; a search by number is in number order (its index's). */
    async page(q: ListQuery, filter: Filter<InvoiceDoc>) {
      const order = q.sort?.order ?? -1;
      const [rows, total] = await Promise.all([
        invoices
          .find(filter)
          .sort(filter.number ? { number: order } : { issuedAt: order, _id: order })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(invoices, filter),
      ]);
      return { rows, total };
    },
  };
}
export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
