import type { Db, IndexDescription } from 'mongodb';
import { affiliateReportIndexes } from '../modules/attribution/affiliate-reports.repository.ts';
import { auditIndexes } from '../modules/audit/audit.repository.ts';
import { brandIndexes } from '../modules/brands/brands.repository.ts';
import { categoryIndexes } from '../modules/categories/categories.repository.ts';
import { homeContentIndexes } from '../modules/home-content/home-content.repository.ts';
import { eventIndexes } from '../modules/events/events.repository.ts';
import { favoriteIndexes } from '../modules/favorites/favorites.repository.ts';
import { cartIndexes } from '../modules/cart/cart.repository.ts';
import { couponIndexes, redemptionIndexes } from '../modules/coupons/coupons.repository.ts';
import { keyIndexes } from '../modules/keys/keys.repository.ts';
import { blocklistIndexes } from '../modules/fraud/blocklist.repository.ts';
import { ledgerIndexes } from '../modules/ledger/ledger.repository.ts';
import { orderIndexes } from '../modules/orders/orders.repository.ts';
import { paymentEventIndexes } from '../modules/checkout/payment-events.repository.ts';
import { refundIndexes } from '../modules/refunds/refunds.repository.ts';
import { macrocategoryIndexes } from '../modules/macrocategories/macrocategories.repository.ts';
import { outboxIndexes } from '../modules/outbox/outbox.repository.ts';
import { offerIndexes } from '../modules/offers/offers.repository.ts';
import { platformIndexes } from '../modules/platforms/platforms.repository.ts';
import { productIndexes } from '../modules/products/products.repository.ts';
import { proposalIndexes } from '../modules/product-proposals/product-proposals.repository.ts';
import { sellerIndexes } from '../modules/sellers/sellers.repository.ts';
import { tagIndexes } from '../modules/tags/tags.repository.ts';
import { userIndexes } from '../modules/users/users.repository.ts';
import { RATE_LIMIT_COLLECTION, rateLimitIndexes } from '../middleware/rate-limit.ts';

/** Every collection's indexes, declared beside their queries in each repository. */
const INDEXES: Record<string, IndexDescription[]> = {
  categories: categoryIndexes,
  macrocategories: macrocategoryIndexes,
  brands: brandIndexes,
  platforms: platformIndexes,
  tags: tagIndexes,
  home_content: homeContentIndexes,
  products: productIndexes,
  offers: offerIndexes,
  keys: keyIndexes,
  orders: orderIndexes,
  sellerLedger: ledgerIndexes,
  blocklist: blocklistIndexes,
  auditLog: auditIndexes,
  sellers: sellerIndexes,
  users: userIndexes,
  outbox: outboxIndexes,
  productProposals: proposalIndexes,
  favorites: favoriteIndexes,
  carts: cartIndexes,
  coupons: couponIndexes,
  couponRedemptions: redemptionIndexes,
  events: eventIndexes,
  affiliateReports: affiliateReportIndexes,
  paymentEvents: paymentEventIndexes,
  refunds: refundIndexes,
  [RATE_LIMIT_COLLECTION]: rateLimitIndexes,
};

/** Creates all indexes; the server awaits this before it serves. */
export async function ensureIndexes(db: Db): Promise<void> {
  for (const [collection, indexes] of Object.entries(INDEXES)) {
    if (indexes.length) await db.collection(collection).createIndexes(indexes);
  }
}
