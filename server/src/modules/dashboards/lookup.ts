import type { AdminLookup } from '@market/shared';
import type { Db } from 'mongodb';

/** Rows per kind in the app bar's answer. */
const ROWS = 5;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The admin app bar's search: an order by its exact number, users whose email starts with the
 * text (an anchored prefix on the lower-cased unique index), products by name through the
 * catalogue's search index (typos and word order forgiven). Each read is one index lookup.
 */
export function createAdminLookup(deps: {
  db: Db;
  products: (q: string) => Promise<Array<{ id: string; name: string }>>;
}) {
  const orders = deps.db.collection<{ _id: unknown; number: string; status: string }>('orders');
  const users = deps.db.collection<{ _id: string; email: string }>('users');
  return async (q: string): Promise<AdminLookup> => {
    const text = q.trim();
    const [order, people, products] = await Promise.all([
      // Numbers are digits; "#100042" is how people quote them.
      orders.findOne({ number: text.replace(/^#/, '') }, { projection: { number: 1, status: 1 } }),
      text.length >= 3
        ? users
            .find(
              { email: { $regex: `^${escapeRegex(text.toLowerCase())}` } },
              { projection: { email: 1 }, limit: ROWS, sort: { email: 1 } },
            )
            .toArray()
        : [],
      text.length >= 2 ? deps.products(text) : [],
    ]);
    return {
      orders: order ? [{ id: String(order._id), number: order.number, status: order.status }] : [],
      users: people.map((u) => ({ id: u._id, email: u.email })),
      products: products.slice(0, ROWS),
    };
  };
}
export type AdminLookupFn = ReturnType<typeof createAdminLookup>;
