import { MongoServerError, ObjectId, type Db } from 'mongodb';
import { AttributionSchema, summarize, vatTable } from '@market/shared';
import type { Logger } from '../logger.ts';
import { createClaimRepository, type ClaimDoc } from '../modules/claims/claims.repository.ts';
import { createKeyRepository } from '../modules/keys/keys.repository.ts';
import { createLedgerRepository } from '../modules/ledger/ledger.repository.ts';
import { createOfferRepository, type OfferDoc } from '../modules/offers/offers.repository.ts';
import type { OrderDoc } from '../modules/orders/order-doc.ts';
import { createOrderRepository } from '../modules/orders/orders.repository.ts';
import { createProductRepository } from '../modules/products/products.repository.ts';
import { DEMO_ACCOUNTS } from './demo-catalogue.ts';

/** The demo order's fixed id: a second (or resumed) run finds it instead of adding another. */
const DEMO_ORDER_ID = new ObjectId('64656d6f2d636c61696d0001');
const MARKER = 'demo-claims-v1';
const DAY = 86_400_000;

/**
 * One open claim for the demo: the demo buyer's delivered order (two days ago) of one key of the
 * demo seller, revealed, reported as not working yesterday — so the seller console has a claim
 * to answer (Replace works at once: the offer has keys left) and /account shows its status. The
 * order is written as delivery leaves one (key sold, seller credited); it has no real payment,
 * so a refund of it is refused by the payment sandbox. Every step is idempotent; the marker is
 * written last.
 */
export async function seedDemoClaims(
  db: Db,
  log: Logger,
  // The shop's default VAT_RATE_BPS: the demo order's VAT as the cart would have said it.
  vatRateBps = 2200,
): Promise<void> {
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (await meta.findOne({ _id: MARKER })) return;
  const buyer = DEMO_ACCOUNTS.find((a) => a.role === 'user')!;
  const seller = DEMO_ACCOUNTS.find((a) => a.role === 'seller')!.sellerId;
  const orders = createOrderRepository(db);
  const keys = createKeyRepository(db);
  const offers = createOfferRepository(db);
  const products = createProductRepository(db);
  const now = Date.now();
  const deliveredAt = new Date(now - 2 * DAY);

  let order = await orders.findById(DEMO_ORDER_ID);
  if (!order) {
    // An uploaded-keys offer of the demo seller with a key to sell and one left to replace it.
    const offer = await db
      .collection<OfferDoc>('offers')
      .findOne(
        { sellerId: seller, status: 'active', stock: { $gte: 2 }, source: { $exists: false } },
        { sort: { _id: 1 } },
      );
    const product = offer && (await products.findById(offer.productId));
    if (!offer || !product) {
      log.warn('demo claim not seeded: the demo seller has no offer with two keys');
      return;
    }
    const unitPriceCents = offer.prices.eur;
    const vat = vatTable(vatRateBps);
    const totals = summarize(
      [{ unitCents: unitPriceCents, quantity: 1, isZeroVat: false, discountCents: 0 }],
      vat,
    );
    const doc: OrderDoc = {
      _id: DEMO_ORDER_ID,
      number: await orders.nextNumber(),
      userId: buyer.uid,
      email: buyer.email,
      items: [
        {
          _id: new ObjectId(),
          offerId: offer._id,
          productId: product._id,
          sellerId: seller,
          name: product.name.en,
          categoryId: product.categoryId,
          region: product.region,
          quantity: 1,
          unitPriceCents,
          zeroVat: false,
          vatRateBps: vat.standard,
          keyIds: [],
          deliveredCount: 0,
          discountCents: 0,
        },
      ],
      currency: 'eur',
      totals: {
        subtotal: totals.subtotalCents,
        discount: totals.discountCents,
        vat: totals.vatIncludedCents,
        total: totals.totalCents,
      },
      couponCode: null,
      status: 'approved',
      decisions: [
        {
          status: 'approved',
          reason: 'Demo order',
          actor: 'System',
          actorUid: null,
          at: deliveredAt,
        },
      ],
      attribution: AttributionSchema.parse({}),
      ip: null,
      accountPurchaseConfirmedAt: null,
      deliveredAt: null,
      refundedCents: 0,
      createdAt: deliveredAt,
      updatedAt: deliveredAt,
    };
    try {
      await orders.insert(doc);
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
    }
    order = (await orders.findById(DEMO_ORDER_ID))!;
  }
  const item = order.items[0]!;

  // The key: one held before a crash, else reserved now; then sold and revealed.
  let key = (await keys.ofOrder(order._id))[0] ?? null;
  if (!key) {
    key = await keys.reserveOne(item.offerId, order._id, deliveredAt);
    if (!key) {
      log.warn('demo claim not seeded: the offer ran out of keys');
      return;
    }
    await offers.incStock(item.offerId, -1);
  }
  await keys.sellOne(key._id, order._id, deliveredAt);
  await keys.markRevealed(key._id, order._id, new Date(now - DAY - 3_600_000));
  await orders.setDelivered(
    order._id,
    [{ ...item, keyIds: [key._id], deliveredCount: 1 }],
    deliveredAt,
  );
  await createLedgerRepository(db).record([
    {
      _id: new ObjectId(),
      sellerId: seller,
      orderId: order._id,
      itemId: item._id,
      type: 'sale',
      amountCents: item.unitPriceCents,
      currency: 'eur',
      at: deliveredAt,
    },
  ]);

  const reportedAt = new Date(now - DAY);
  const claim: ClaimDoc = {
    _id: new ObjectId(),
    orderId: order._id,
    orderNumber: order.number,
    itemId: item._id,
    keyId: key._id,
    offerId: item.offerId,
    productId: item.productId,
    sellerId: seller,
    userId: buyer.uid,
    email: buyer.email,
    name: item.name,
    quantity: 1,
    unitPriceCents: item.unitPriceCents,
    currency: 'eur',
    reason: 'already_used',
    details: 'The launcher says this code was already redeemed.',
    status: 'open',
    // A day left to answer: the claims job refunds it automatically after that.
    respondBy: new Date(reportedAt.getTime() + 2 * DAY),
    openKey: key._id,
    replacementKeyId: null,
    history: [
      {
        from: null,
        to: 'open',
        actor: 'buyer',
        actorUid: buyer.uid,
        note: 'The launcher says this code was already redeemed.',
        at: reportedAt,
      },
    ],
    createdAt: reportedAt,
    updatedAt: reportedAt,
  };
  // False when a run before a crash inserted it already (one open claim per key).
  await createClaimRepository(db).insert(claim);
  await meta.updateOne({ _id: MARKER }, { $set: { at: new Date() } }, { upsert: true });
  log.info({ order: order.number }, 'demo claim seeded');
}
