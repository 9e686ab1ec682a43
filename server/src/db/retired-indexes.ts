/**
 * Indexes an earlier version created and no query needs any more, by collection and name: each
 * was replaced by a compound index that starts with the same keys and adds the sort's `_id`
 * tie-breaker or the job's range (see the index audit, test/index-audit/). `ensureIndexes` drops
 * them after creating the new ones, so a deployment does not pay their writes forever. During a
 * rolling deploy an old instance's list sort may be done in memory until it is replaced.
 */
export const RETIRED_INDEXES: Record<string, string[]> = {
  products: [
    'eurMin_1',
    'usdMin_1',
    'gbpMin_1',
    'createdAt_-1',
    'categoryId_1_eurMin_1',
    'categoryId_1_usdMin_1',
    'categoryId_1_gbpMin_1',
    'categoryId_1_createdAt_-1',
    'name.en_1',
    'tags_1',
    // The price-drop mark's (the home page's row reads the price history now).
    'priceDrop.at_-1',
  ],
  orders: [
    'userId_1_createdAt_-1',
    'status_1_createdAt_-1',
    'createdAt_-1',
    'reservationExpiresAt_1',
    'items.sellerId_1_createdAt_-1',
    'payment.status_1_status_1_refundedCents_1',
  ],
  auditLog: ['at_-1', 'action_1_at_-1', 'actor.uid_1_at_-1', 'target.id_1_at_-1'],
  keys: ['sellerId_1_createdAt_-1', 'productId_1_createdAt_-1'],
  reviews: [
    'status_1_createdAt_-1',
    'productId_1_status_1_createdAt_-1',
    'sellerId_1_status_1_createdAt_-1',
    'userId_1_createdAt_-1',
  ],
  refunds: ['status_1_createdAt_-1'],
  claims: ['sellerId_1_createdAt_-1', 'userId_1_orderId_1', 'status_1_respondBy_1'],
  offers: ['sellerId_1_status_1', 'productId_1_createdAt_-1'],
  conversations: ['sellerId_1_lastMessageAt_-1', 'lastMessageAt_-1'],
  blocklist: ['createdAt_-1'],
  coupons: ['createdAt_-1'],
  sellers: ['status_1_createdAt_1'],
  users: ['role_1_createdAt_-1'],
  productProposals: ['sellerId_1_createdAt_-1', 'status_1_createdAt_-1'],
  supplierImports: ['sellerId_1_startedAt_-1'],
  supplierProducts: ['supplier_1_gone_1_name_1', 'supplier_1_seenAt_1'],
  supplierPurchases: ['createdAt_-1'],
  apiTokens: ['sellerId_1_createdAt_-1'],
  webhookEndpoints: ['sellerId_1_createdAt_-1'],
  webhookDeliveries: ['status_1_nextAttemptAt_1', 'sellerId_1_createdAt_-1'],
  sellerLedger: ['sellerId_1_at_-1'],
};
