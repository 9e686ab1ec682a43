import { MongoServerError, ObjectId, type Db, type IndexDescription } from 'mongodb';
import type { ListQuery } from '../../lib/list-query.ts';

/** One standard rate of a Member State, in force from `from` (a UTC day) until its next row. */
export type VatRateDoc = {
  _id: ObjectId;
  country: string;
  rateBps: number;
  /** YYYY-MM-DD: days sort as strings. */
  from: string;
  note: string | null;
  /** Written by the seed from the code's table (`EU_STANDARD_VAT_RATES`), not by an admin. */
  seeded: boolean;
  createdAt: Date;
  createdBy: string | null;
};

// Tens of rows, read whole (and kept in memory by the service); the unique key makes the seed's
// upserts and an admin's insert of the same day for the same country meet on one row.
export const vatRateIndexes: IndexDescription[] = [{ key: { country: 1, from: 1 }, unique: true }];

const SORTABLE = new Set(['country', 'from', 'rateBps', 'createdAt']);

const oid = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

const isDuplicate = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

/** The only code that touches the `vat_rates` collection. */
export function createVatRateRepository(db: Db) {
  const rates = db.collection<VatRateDoc>('vat_rates');
  return {
    list: () => rates.find().toArray(),

    findById: (id: string) => {
      const _id = oid(id);
      return _id ? rates.findOne({ _id }) : Promise.resolve(null);
    },

    /** A console page, by country then day unless sorted otherwise; `id` is getMany's. */
    async page(q: ListQuery, filter: { id?: string[]; country?: string }) {
      const query = {
        ...(filter.id && { _id: { $in: filter.id.flatMap((id) => oid(id) ?? []) } }),
        ...(filter.country && { country: filter.country }),
      };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'country';
      const order = q.sort?.order ?? 1;
      const [rows, total] = await Promise.all([
        rates
          .find(query)
          .sort({ [field]: order, from: order, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        rates.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Adds a row; null when the country already has one from that day. */
    async insert(doc: Omit<VatRateDoc, '_id'>): Promise<VatRateDoc | null> {
      const full = { _id: new ObjectId(), ...doc };
      try {
        await rates.insertOne(full);
        return full;
      } catch (err) {
        if (isDuplicate(err)) return null;
        throw err;
      }
    },

    /**
     * Writes a row of the code's table unless the country has one from that day (an admin's
     * wins): safe to repeat, and from several instances at once (the loser of a race meets the
     * unique key and leaves the winner's row).
     */
    async seed(row: { country: string; rateBps: number; from: string; note: string }, at: Date) {
      try {
        await rates.updateOne(
          { country: row.country, from: row.from },
          {
            $setOnInsert: {
              ...row,
              seeded: true,
              createdAt: at,
              createdBy: null,
            },
          },
          { upsert: true },
        );
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
    },
  };
}
export type VatRateRepository = ReturnType<typeof createVatRateRepository>;
