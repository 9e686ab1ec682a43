import { ObjectId, type Db } from 'mongodb';
import type { CategoryId, Currency } from '@market/shared';
import type { Logger } from '../logger.ts';
import { createCommissionRuleRepository } from '../modules/commission/commission.repository.ts';
import { splitSale } from '../modules/ledger/ledger-math.ts';
import {
  createLedgerRepository,
  type LedgerEntryDoc,
} from '../modules/ledger/ledger.repository.ts';
import { createPayoutRepository } from '../modules/payouts/payouts.repository.ts';
import { DEMO_SELLERS } from './demo-catalogue.ts';

const DAY = 86_400_000;
const HOLDBACK_DAYS = 7;
const SELLER = DEMO_SELLERS[0].id;

/** A fixed id per demo record, so a second seeding finds the first one's records. */
const demoId = (n: number) => ObjectId.createFromHexString(`de${String(n).padStart(22, '0')}`);

/** The demo commission rules: the default, a category's, and one seller's override. */
const RULES: Array<{
  categoryId: CategoryId | null;
  sellerId: string | null;
  rateBps: number;
  note: string;
}> = [
  { categoryId: null, sellerId: null, rateBps: 500, note: 'Default: 5 % and a fixed fee per line' },
  {
    categoryId: 'cards',
    sellerId: null,
    rateBps: 300,
    note: 'Gift cards sell on thin margins',
  },
  { categoryId: null, sellerId: SELLER, rateBps: 400, note: 'Launch partner rate' },
];
const FEES: Record<Currency, number> = { eur: 30, usd: 35, gbp: 25 };

/** Demo sales of the demo seller: [days ago, unit cents, quantity, currency]. */
const SALES: Array<[number, number, number, Currency]> = [
  // Paid out 20 days ago.
  [28, 2999, 1, 'eur'],
  [26, 1499, 2, 'eur'],
  // Past the holdback: available for the next payout run.
  [12, 5999, 1, 'eur'],
  [10, 1999, 3, 'usd'],
  // Inside the holdback: pending.
  [2, 3499, 1, 'eur'],
  [1, 999, 2, 'gbp'],
];

/**
 * Sellers get paid, in the demo: commission rules, the demo seller's delivered sales (some
 * still pending in the holdback, some available) and a past payout paid by bank transfer.
 * The ledger entries name demo order ids of their own (no buyer order behind them). Idempotent:
 * fixed ids and the unique indexes; the marker is written last.
 */
export async function seedDemoPayouts(db: Db, log: Logger): Promise<void> {
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (await meta.findOne({ _id: 'demo-payouts-v1' })) return;
  const now = Date.now();
  const rules = createCommissionRuleRepository(db);
  for (const [n, rule] of RULES.entries()) {
    const at = new Date(now - 30 * DAY);
    await rules
      .insert({ _id: demoId(100 + n), ...rule, feeCents: FEES, createdAt: at, updatedAt: at })
      .catch((err: unknown) => {
        if ((err as { code?: number }).code !== 11000) throw err;
      });
  }

  const entries: LedgerEntryDoc[] = SALES.map(
    ([daysAgo, unitPriceCents, quantity, currency], n) => {
      const at = new Date(now - daysAgo * DAY);
      const split = splitSale({ unitPriceCents, quantity, discountCents: 0 }, false, {
        rateBps: 400,
        feeCents: FEES[currency],
      });
      return {
        _id: demoId(200 + n),
        sellerId: SELLER,
        orderId: demoId(300 + n),
        itemId: demoId(400 + n),
        type: 'sale',
        amountCents: split.netCents,
        grossCents: split.grossCents,
        sellerDiscountCents: 0,
        rateBps: split.rateBps,
        feeCents: split.feeCents,
        commissionCents: split.commissionCents,
        currency,
        at,
        availableAt: new Date(at.getTime() + HOLDBACK_DAYS * DAY),
      };
    },
  );
  await createLedgerRepository(db).record(entries);

  // The two oldest sales, paid out by bank transfer 20 days ago.
  const paidAt = new Date(now - 20 * DAY);
  await createPayoutRepository(db).insert({
    _id: demoId(500),
    sellerId: SELLER,
    currency: 'eur',
    seq: 1,
    amountCents: entries[0]!.amountCents + entries[1]!.amountCents,
    method: 'transfer',
    status: 'paid',
    receiver: null,
    batchId: null,
    itemStatus: null,
    reference: 'SEPA-DEMO-0001',
    failure: null,
    runId: 'week:demo',
    createdAt: paidAt,
    updatedAt: paidAt,
    paidAt,
  });
  await meta.updateOne({ _id: 'demo-payouts-v1' }, { $set: { at: new Date() } }, { upsert: true });
  log.info('demo commission rules, sales and payout seeded');
}
