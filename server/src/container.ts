import type { IndexDescription } from 'mongodb';
import { vatTable } from '@market/shared';
import type { AppDeps } from './app-deps.ts';
import type { ModuleDeclaration } from './runtime/module.ts';
import { gatherIndexes, gatherMigrations, listenToChanges } from './runtime/modules.ts';
import { RATE_LIMIT_COLLECTION, rateLimitIndexes } from './middleware/rate-limit.ts';
import { createBrandFacade } from './modules/brands/brands.facade.ts';
import { createCartFacade } from './modules/cart/cart.facade.ts';
import { createExchangeRateFacade } from './modules/exchange-rates/exchange-rates.facade.ts';
import { createBlocklistFacade } from './modules/fraud/blocklist.facade.ts';
import { createHomeContentFacade } from './modules/home-content/home-content.facade.ts';
import { createKeyFacade } from './modules/keys/keys.facade.ts';
import { createLedgerFacade } from './modules/ledger/ledger.facade.ts';
import { createCommissionFacade } from './modules/commission/commission.facade.ts';
import { createCommissionRuleRepository } from './modules/commission/commission.repository.ts';
import { commissionModule } from './modules/commission/commission.module.ts';
import { createCommissionService } from './modules/commission/commission.service.ts';
import { createPayoutRepository } from './modules/payouts/payouts.repository.ts';
import { createPayoutService } from './modules/payouts/payouts.service.ts';
import { createOfferFacade } from './modules/offers/offers.facade.ts';
import { offersModule } from './modules/offers/offers.module.ts';
import { createOrderFacade } from './modules/orders/orders.facade.ts';
import { createPlatformFacade } from './modules/platforms/platforms.facade.ts';
import { createProductFacade } from './modules/products/products.facade.ts';
import { createSellerFacade } from './modules/sellers/sellers.facade.ts';
import { createTagFacade } from './modules/tags/tags.facade.ts';
import { createUserFacade } from './modules/users/users.facade.ts';
import { createAffiliateReporter } from './modules/affiliates/affiliate-reporter.ts';
import { createAffiliateReportRepository } from './modules/affiliates/affiliate-reports.repository.ts';
import { createOrderReports } from './modules/affiliates/order-reports.ts';
import { createDashboardRepository } from './modules/dashboards/dashboards.repository.ts';
import { createDashboardService } from './modules/dashboards/dashboards.service.ts';
import { createAdminLookup } from './modules/dashboards/lookup.ts';
import { dashboardsModule } from './modules/dashboards/dashboards.module.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { createAuditLog, SYSTEM_AUDIT_CONTEXT } from './modules/audit/audit.service.ts';
import { createBrandRepository } from './modules/brands/brands.repository.ts';
import { brandsModule } from './modules/brands/brands.module.ts';
import { createBrandAdminService } from './modules/brands/brands.service.ts';
import { createCartPricing, createOfferLinePricing } from './modules/cart/cart-pricing.ts';
import { createCartRepository } from './modules/cart/cart.repository.ts';
import { cartModule } from './modules/cart/cart.module.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCategoryRepository } from './modules/categories/categories.repository.ts';
import { categoriesModule } from './modules/categories/categories.module.ts';
import {
  createCategoryAdminService,
  createCategoryService,
} from './modules/categories/categories.service.ts';
import { createChargebacks } from './modules/checkout/chargebacks.ts';
import { disputesModule } from './modules/disputes/disputes.module.ts';
import { createDisputeRepository } from './modules/disputes/disputes.repository.ts';
import { createDisputeService } from './modules/disputes/disputes.service.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { orderCoupons } from './modules/checkout/order-coupons.ts';
import { createPaymentFollowUps } from './modules/checkout/payment-follow-ups.ts';
import { createPaymentEventRepository } from './modules/checkout/payment-events.repository.ts';
import { checkoutModule } from './modules/checkout/checkout.module.ts';
import { createSettlement } from './modules/checkout/settlement.ts';
import { createCouponRepository } from './modules/coupons/coupons.repository.ts';
import { couponsModule } from './modules/coupons/coupons.module.ts';
import { createCouponService } from './modules/coupons/coupons.service.ts';
import { createEventRepository } from './modules/events/events.repository.ts';
import { eventsModule } from './modules/events/events.module.ts';
import { createEventService } from './modules/events/events.service.ts';
import { createExchangeRateRepository } from './modules/exchange-rates/exchange-rates.repository.ts';
import { createExchangeRateService } from './modules/exchange-rates/exchange-rates.service.ts';
import { exchangeRatesModule } from './modules/exchange-rates/exchange-rates.module.ts';
import { createFavoriteRepository } from './modules/favorites/favorites.repository.ts';
import { favoritesModule } from './modules/favorites/favorites.module.ts';
import { createFavoriteService } from './modules/favorites/favorites.service.ts';
import { createBlocklistRepository } from './modules/fraud/blocklist.repository.ts';
import { fraudModule } from './modules/fraud/fraud.module.ts';
import { createBlocklistService } from './modules/fraud/blocklist.service.ts';
import { createSupplierPurchaseRepository } from './modules/supplier-purchases/supplier-purchases.repository.ts';
import { supplierPurchasesModule } from './modules/supplier-purchases/supplier-purchases.module.ts';
import { createSupplierPurchaseFacade } from './modules/supplier-purchases/supplier-purchases.facade.ts';
import { createSupplierPostbacks } from './modules/supplier-fulfilment/postbacks.ts';
import { supplierFulfilmentModule } from './modules/supplier-fulfilment/supplier-fulfilment.module.ts';
import { createSupplierFulfilment } from './modules/supplier-fulfilment/supplier-fulfilment.ts';
import { createLeases } from './jobs/lease.ts';
import { createSupplierPurchaseService } from './modules/supplier-purchases/supplier-purchases.service.ts';
import { createSupplierConnectionFacade } from './modules/supplier-connections/supplier-connections.facade.ts';
import { createSupplierConnectionRepository } from './modules/supplier-connections/supplier-connections.repository.ts';
import { supplierConnectionsModule } from './modules/supplier-connections/supplier-connections.module.ts';
import { createSupplierConnectionService } from './modules/supplier-connections/supplier-connections.service.ts';
import { catalogueConnections } from './modules/supplier-catalogue/catalogue-connections.ts';
import {
  createImportRunner,
  type ImportHooks,
} from './modules/supplier-catalogue/import-runner.ts';
import { createSupplierCatalogueService } from './modules/supplier-catalogue/supplier-catalogue.service.ts';
import { createSupplierImportRepository } from './modules/supplier-catalogue/supplier-imports.repository.ts';
import { createSupplierImportService } from './modules/supplier-catalogue/supplier-imports.service.ts';
import { createSupplierMappingRepository } from './modules/supplier-catalogue/supplier-mappings.repository.ts';
import { createSupplierProductRepository } from './modules/supplier-catalogue/supplier-products.repository.ts';
import { supplierCatalogueModule } from './modules/supplier-catalogue/supplier-catalogue.module.ts';
import { createSupplierRepository } from './modules/suppliers/suppliers.repository.ts';
import { suppliersModule } from './modules/suppliers/suppliers.module.ts';
import {
  createSupplierService,
  createSupplierSwitch,
} from './modules/suppliers/suppliers.service.ts';
import { FRAUD_DEFAULTS, type FraudConfig } from './modules/fraud/fraud-rules.ts';
import { createHomeContentRepository } from './modules/home-content/home-content.repository.ts';
import { homeContentModule } from './modules/home-content/home-content.module.ts';
import { createHomeContentService } from './modules/home-content/home-content.service.ts';
import { createHomeRowsRepository } from './modules/home-content/home-rows.ts';
import { createKeyRepository } from './modules/keys/keys.repository.ts';
import { createKeyService } from './modules/keys/keys.service.ts';
import { createLedgerRepository } from './modules/ledger/ledger.repository.ts';
import { ledgerModule } from './modules/ledger/ledger.module.ts';
import { createMacrocategoryRepository } from './modules/macrocategories/macrocategories.repository.ts';
import { macrocategoriesModule } from './modules/macrocategories/macrocategories.module.ts';
import {
  createMacrocategoryAdminService,
  createMacrocategoryService,
} from './modules/macrocategories/macrocategories.service.ts';
import { createOfferPricing } from './modules/offers/offer-pricing.ts';
import { createOfferStanding } from './modules/offers/offer-standing.ts';
import { createAdminOfferService } from './modules/offers/offers.admin.service.ts';
import { createOfferRepository } from './modules/offers/offers.repository.ts';
import { createSellerOfferService } from './modules/offers/offers.service.ts';
import { createSupplierOffers } from './modules/offers/supplier-offers.ts';
import { createSupplierRestock } from './modules/offers/supplier-restock.ts';
import { createSupplierSync } from './modules/offers/supplier-sync.ts';
import { createAdminOrderService } from './modules/orders/admin-decisions.ts';
import { createOrderDelivery } from './modules/orders/order-delivery.ts';
import { createOrderKeys } from './modules/orders/order-keys.ts';
import { createOrderRepository } from './modules/orders/orders.repository.ts';
import { createOrderService, type OrderCoupons } from './modules/orders/orders.service.ts';
import { createMails } from './modules/mails/mails.ts';
import { createOrderMails } from './modules/mails/order-mails.ts';
import { createMailer } from './modules/outbox/mailer.ts';
import { createOutboxRepository } from './modules/outbox/outbox.repository.ts';
import { outboxModule } from './modules/outbox/outbox.module.ts';
import { createPlatformRepository } from './modules/platforms/platforms.repository.ts';
import { platformsModule } from './modules/platforms/platforms.module.ts';
import { createPlatformAdminService } from './modules/platforms/platforms.service.ts';
import { createProposalRepository } from './modules/product-proposals/product-proposals.repository.ts';
import { productProposalsModule } from './modules/product-proposals/product-proposals.module.ts';
import { createProposalService } from './modules/product-proposals/product-proposals.service.ts';
import { createProductAdminService } from './modules/products/product-admin.service.ts';
import { createImageRepository } from './modules/images/images.repository.ts';
import { createImageService } from './modules/images/images.service.ts';
import { imagesModule } from './modules/images/images.module.ts';
import { createProductRepository } from './modules/products/products.repository.ts';
import { productsModule } from './modules/products/products.module.ts';
import { createCatalogueService } from './modules/products/products.service.ts';
import { memoizedCatalogue } from './modules/products/catalogue-memo.ts';
import { createCatalogueIndex } from './modules/search/catalogue-index.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { syncCatalogueIndex } from './modules/search/search-sync.ts';
import { createSignalsReader } from './modules/search/search-signals.ts';
import { createSynonymRepository } from './modules/search/synonyms.repository.ts';
import { searchModule } from './modules/search/search.module.ts';
import { createSynonymService } from './modules/search/synonyms.service.ts';
import { createVatRateRepository } from './modules/vat/vat-rates.repository.ts';
import { createVatService } from './modules/vat/vat.service.ts';
import { vatModule } from './modules/vat/vat.module.ts';
import { createOssReport } from './modules/vat/oss-report.ts';
import { cachedUntil } from './modules/search/cached-read.ts';
import { memoizedCategories } from './modules/categories/category-memo.ts';
import { createReadMemo } from './page-cache/read-memo.ts';
import { memoizedPublicState } from './modules/state/state-memo.ts';
import { cachedById } from './page-cache/cached-by-id.ts';
import { cachedSessionStates } from './identity/session-state-cache.ts';
import { cachedProductsByIds } from './modules/products/product-docs-cache.ts';
import { ALL_CARTS, CART_TAG_PREFIX, EVERY_PAGE } from './page-cache/page-tags.ts';
import { createSellerCatalogueService } from './modules/products/seller-catalogue.service.ts';
import { createSitemapService } from './modules/sitemap/sitemap.service.ts';
import { sitemapModule } from './modules/sitemap/sitemap.module.ts';
import { createRefundRepository } from './modules/refunds/refunds.repository.ts';
import { refundsModule } from './modules/refunds/refunds.module.ts';
import { createReviewModeration } from './modules/reviews/review-moderation.ts';
import { createReviewRepository } from './modules/reviews/reviews.repository.ts';
import { createReviewService } from './modules/reviews/reviews.service.ts';
import { createRefundService } from './modules/refunds/refunds.service.ts';
import { createInvoiceRepository } from './modules/invoices/invoices.repository.ts';
import { invoicesModule } from './modules/invoices/invoices.module.ts';
import { createInvoiceService } from './modules/invoices/invoices.service.ts';
import { claimsModule } from './modules/claims/claims.module.ts';
import { createRestock } from './modules/keys/key-stock.ts';
import { keysModule } from './modules/keys/keys.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { payoutsModule } from './modules/payouts/payouts.module.ts';
import { sellerApiModule } from './modules/seller-api/seller-api.module.ts';
import { reviewsModule } from './modules/reviews/reviews.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { affiliatesModule } from './modules/affiliates/affiliates.module.ts';
import { createClaims } from './modules/claims/claims.wiring.ts';
import { conversationsModule } from './modules/conversations/conversations.module.ts';
import { createConversations } from './modules/conversations/conversations.wiring.ts';
import { createSellerRepository } from './modules/sellers/sellers.repository.ts';
import { sellersModule } from './modules/sellers/sellers.module.ts';
import { createSellerService } from './modules/sellers/sellers.service.ts';
import { createLegalChanges } from './modules/sellers/legal-changes.ts';
import { createShopProfile } from './modules/sellers/shop-profile.ts';
import { createRefundFacade } from './modules/refunds/refunds.facade.ts';
import { createSaleDetail } from './modules/sales/sale-detail.ts';
import { salesModule } from './modules/sales/sales.module.ts';
import { createSellerRefunds } from './modules/sales/seller-refunds.ts';
import { createPublicStateService } from './modules/state/state.service.ts';
import { stateModule } from './modules/state/state.module.ts';
import { createPriceHistoryRepository } from './modules/price-history/price-history.repository.ts';
import { priceHistoryModule } from './modules/price-history/price-history.module.ts';
import { createSystemStatus } from './modules/system/system-status.ts';
import { systemModule } from './modules/system/system.module.ts';
import { sessionModule } from './modules/session/session.module.ts';
import { createPriceHistoryService } from './modules/price-history/price-history.service.ts';
import { createTagRepository } from './modules/tags/tags.repository.ts';
import { tagsModule } from './modules/tags/tags.module.ts';
import { createTagAdminService } from './modules/tags/tags.service.ts';
import { createUserRepository } from './modules/users/users.repository.ts';
import { createUserService, profileOf } from './modules/users/users.service.ts';
import { createStaffService } from './modules/users/staff.service.ts';
import { createAccountErasure } from './modules/users/account-erasure.ts';
import { createAccountExport } from './modules/users/account-export.ts';
import { createPasswordReset } from './modules/users/password-reset.ts';
import type { PersonalData } from './modules/users/personal-data.ts';
import { createOrderPersonalData } from './modules/orders/personal-data.ts';
import { createFavoritePersonalData } from './modules/favorites/personal-data.ts';
import { createReviewPersonalData } from './modules/reviews/personal-data.ts';
import { createClaimPersonalData } from './modules/claims/personal-data.ts';
import { createClaimRepository } from './modules/claims/claims.repository.ts';
import { createSellerApi } from './modules/seller-api/seller-api.wiring.ts';

/**
 * The indexes of the one collection no module owns: the abuse limits' shared counters (the
 * middleware's). A module's collections are declared by the module (`indexes` in
 * `<module>.module.ts`); test/module-declarations.test.ts refuses any other here.
 */
const MIDDLEWARE_INDEXES: Record<string, IndexDescription[]> = {
  [RATE_LIMIT_COLLECTION]: rateLimitIndexes,
};

/** What a test may set apart from the configuration (main.ts sets none). */
export type ContainerOptions = {
  /** Fraud screening's thresholds; the shop's defaults when left out. */
  fraud?: FraudConfig;
  /** The coupon side of orders; the coupon service's when left out. */
  coupons?: OrderCoupons;
  /** Where supplier catalogue imports may be stopped as by a crash (the resume tests). */
  importHooks?: ImportHooks;
  /** The price history's clock (the tests simulate days); the system clock when left out. */
  clock?: () => Date;
};

/**
 * Every repository and service, built once on the app's dependencies: `createApp` mounts its
 * routers on them, main.ts runs its background jobs with them, and the tests drive the same
 * ones. Nothing here knows about HTTP.
 */
export function createContainer(deps: AppDeps, options: ContainerOptions = {}) {
  const { db, log } = deps;
  // Units of work claimed in the database, so any number of instances may run the jobs.
  const leases = createLeases(db, { log });
  // Repositories: one per collection.
  const users = createUserRepository(db);
  const sellers = createSellerRepository(db);
  const outbox = createOutboxRepository(db);
  const categories = createCategoryRepository(db);
  const macrocategories = createMacrocategoryRepository(db);
  const brands = createBrandRepository(db);
  const platforms = createPlatformRepository(db);
  const tags = createTagRepository(db);
  const homeContent = createHomeContentRepository(db);
  const products = createProductRepository(db);
  const offers = createOfferRepository(db);
  const keys = createKeyRepository(db);
  const exchangeRates = createExchangeRateRepository(db);
  const orders = createOrderRepository(db);
  const ledger = createLedgerRepository(db);
  const commissionRules = createCommissionRuleRepository(db);
  const blocklist = createBlocklistRepository(db);
  const carts = createCartRepository(db);
  const supplierConnections = createSupplierConnectionRepository(db);

  // What each module offers the others: a module is given another's facade, never its repository.
  const ask = {
    brands: createBrandFacade(brands),
    carts: createCartFacade(carts),
    exchangeRates: createExchangeRateFacade(exchangeRates),
    blocklist: createBlocklistFacade(blocklist),
    homeContent: createHomeContentFacade(homeContent, createHomeRowsRepository(db)),
    keys: createKeyFacade(keys),
    ledger: createLedgerFacade(ledger, {
      commission: createCommissionFacade(commissionRules, deps.supplierOffers.fees),
      holdbackDays: deps.sellerHoldbackDays,
    }),
    offers: createOfferFacade(offers),
    orders: createOrderFacade(orders),
    platforms: createPlatformFacade(platforms),
    products: createProductFacade(products),
    sellers: createSellerFacade(sellers),
    supplierConnections: createSupplierConnectionFacade(supplierConnections),
    tags: createTagFacade(tags),
    users: createUserFacade(users),
  };
  // Every product's and offer's price per day: the prior price of reductions (Omnibus).
  const priceHistory = createPriceHistoryService({
    repo: createPriceHistoryRepository(db),
    products: ask.products,
    ...(options.clock && { now: options.clock }),
  });

  const mailer = createMailer({
    ...{ outbox, log },
    ...deps.mail,
    // Invoices' PDFs, rendered when the mail is sent (built below: called only once it is).
    resolveAttachment: (ref) => invoiceService.attachment(ref),
  });
  // Every mail from its template, in its recipient's language (modules/mails).
  const mails = createMails({
    mailer,
    shop: {
      name: deps.mail.signature ?? new URL(deps.publicOrigin).host,
      logoUrl: deps.mail.logoUrl ?? null,
      origin: deps.publicOrigin,
    },
    users: ask.users,
    sellers: ask.sellers,
    log,
  });
  const orderMails = createOrderMails({ mails, offers: ask.offers });
  const auditLog = createAuditLog({ audit: createAuditRepository(db) });
  const userService = createUserService({ ...deps, mails, users });
  // Sellers' API tokens and webhooks: a role change, a block, an erasure or a suspension ends
  // the account's tokens (`sellerApi.tokenFacade`).
  const sellerApi = createSellerApi({
    ...{ db, log, auditLog },
    vault: deps.vault,
    offers: ask.offers,
    orders: ask.orders,
    accounts: { ensureProfile: (caller) => ask.users.insertIfMissing(profileOf(caller)) },
    tokenCacheMs: deps.sellerApi.tokenCacheMs,
    allowPrivateWebhookUrls: deps.sellerApi.allowPrivateWebhookUrls,
  });
  const staffService = createStaffService({
    ...deps,
    ...{ mails, users, auditLog, userService },
    apiTokens: sellerApi.tokenFacade,
    // The sellers service is built further down (it needs the offers' pricing): called only
    // once everything is built.
    shops: { suspendOnRoleLoss: (id, uid) => sellerService.suspendOnRoleLoss(id, uid) },
  });

  // The catalogue and reference data, edited in the admin console.
  // Public reads kept in memory between the writes that change them (docs/page-cache.md);
  // PAGE_CACHE=off turns them off with the page cache.
  const publicReads = deps.pageCache.enabled ? createReadMemo() : null;
  const liveCategories = createCategoryService({ categories, products: ask.products });
  const categoryService = publicReads
    ? memoizedCategories(liveCategories, publicReads)
    : liveCategories;
  const macrocategoryService = createMacrocategoryService({ macrocategories });
  // Search by words: the catalogue's index in memory, built at start and kept fresh by the
  // writes on the page cache's bus (modules/search/README.md).
  const searchIndex = createCatalogueIndex();
  const searchSync = syncCatalogueIndex({
    index: searchIndex,
    products: ask.products,
    changes: deps.pageCache.changes,
    log,
    signals: createSignalsReader(db),
  });
  const synonymRepository = createSynonymRepository(db);
  const synonymService = createSynonymService(synonymRepository);
  const searchService = createSearchService({
    index: searchIndex,
    sync: searchSync,
    synonyms: synonymService,
    categories: categoryService,
  });
  // Every catalogue answer names platforms: the list stays in memory until a platform write.
  const cataloguePlatforms = cachedUntil(ask.platforms.listByPosition, EVERY_PAGE);
  const catalogueProductDocs = cachedProductsByIds(ask.products.findByIds);
  const liveCatalogue = createCatalogueService({
    products,
    offers: ask.offers,
    brands: ask.brands,
    platforms: { listByPosition: cataloguePlatforms.read },
    sellers: ask.sellers,
    log,
    words: searchService,
    cachedByIds: catalogueProductDocs.read,
    history: priceHistory,
  });
  const catalogue = publicReads
    ? memoizedCatalogue(liveCatalogue, publicReads, searchService.version)
    : liveCatalogue;
  const favoriteService = createFavoriteService({
    favorites: createFavoriteRepository(db),
    products: ask.products,
  });
  const eventService = createEventService({ events: createEventRepository(db) });
  const productAdmin = createProductAdminService({
    products,
    platforms: ask.platforms,
    brands: ask.brands,
  });
  const proposalService = createProposalService({
    proposals: createProposalRepository(db),
    productAdmin,
  });
  const sellerCatalogue = createSellerCatalogueService({ products });
  const categoryAdmin = createCategoryAdminService({ categories, products: ask.products });
  const macrocategoryAdmin = createMacrocategoryAdminService({ macrocategories });
  const platformAdmin = createPlatformAdminService({ platforms, products: ask.products });
  const brandAdmin = createBrandAdminService({ brands, products: ask.products });
  const tagAdmin = createTagAdminService({ tags, products: ask.products });
  const homeContentService = createHomeContentService({ homeContent, products: ask.products });
  // Buyers' reviews of delivered lines, the admin's moderation and the sellers' ratings.
  const reviewDeps = {
    reviews: createReviewRepository(db),
    orders: ask.orders,
    products: ask.products,
    sellers: ask.sellers,
    users: ask.users,
  };
  const reviewService = createReviewService(reviewDeps);
  const reviewModeration = createReviewModeration({
    ...reviewDeps,
    sellerRatings: ask.sellers,
    auditLog,
    log,
    // The product page cache's invalidation goes here (the one place moderations are heard).
    onModerated: undefined,
  });
  const livePublicState = createPublicStateService({
    reviews: reviewService,
    tags: ask.tags,
    homeContent: ask.homeContent,
    products: ask.products,
    offers: ask.offers,
    platforms: ask.platforms,
    categories: categoryService,
    macrocategories: macrocategoryService,
    catalogue,
    priceDropIds: priceHistory.priceDropIds,
  });
  const publicState = publicReads
    ? memoizedPublicState(livePublicState, publicReads)
    : livePublicState;
  const sitemapService = createSitemapService({ products: ask.products });

  // Suppliers: the admin's marketplace-wide switch, and the sellers' own accounts at each.
  const supplierRepository = createSupplierRepository(db);
  const supplierSwitch = createSupplierSwitch(supplierRepository);
  // The book of every purchase at a supplier (fulfilment writes it, the admin console reads it).
  const supplierPurchases = createSupplierPurchaseRepository(db);
  const supplierPurchaseService = createSupplierPurchaseService({ purchases: supplierPurchases });
  const supplierConnectionService = createSupplierConnectionService({
    connections: supplierConnections,
    suppliers: supplierSwitch,
    directory: deps.suppliers,
    vault: deps.vault,
  });
  const supplierService = createSupplierService({
    suppliers: supplierRepository,
    connections: {
      ...ask.supplierConnections,
      breakersBySupplier: supplierConnectionService.breakersBySupplier,
    },
    purchases: createSupplierPurchaseFacade(supplierPurchases),
    auditLog,
  });

  // Offers, keys and exchange rates; what admins do to them goes to the audit log.
  const pricing = createOfferPricing({
    offers,
    products: ask.products,
    rates: ask.exchangeRates,
    history: priceHistory,
  });
  const sellerService = createSellerService({
    ...deps,
    mails,
    users: ask.users,
    sellers,
    offerStanding: createOfferStanding({ offers, pricing }),
    apiTokens: sellerApi.tokenFacade,
  });
  // The seller's own shop profile, and the admin's decisions on changes of its trader data.
  const shopProfile = createShopProfile({ sellers });
  const legalChanges = createLegalChanges({ sellers, mails, auditLog });
  // Supplier-backed offers: set up through the seller's connection, restocked through the
  // purchases book, kept in step with the supplier by the sync (main.ts runs `syncDue`).
  const supplierOffers = createSupplierOffers({
    connections: supplierConnectionService,
    suppliers: supplierSwitch,
    rates: ask.exchangeRates,
    keys: ask.keys,
    fees: deps.supplierOffers.fees,
    vatRateBps: deps.vatRateBps,
  });
  const supplierRestock = createSupplierRestock({
    ...{ offers, pricing, supplierOffers, auditLog },
    keys: ask.keys,
    vault: deps.vault,
    purchases: createSupplierPurchaseFacade(supplierPurchases),
    connections: supplierConnectionService,
    suppliers: supplierSwitch,
  });
  const supplierSync = createSupplierSync({
    ...{ offers, pricing, supplierOffers, log },
    keys: ask.keys,
    connections: supplierConnectionService,
    suppliers: supplierSwitch,
    everyMinutes: deps.supplierOffers.syncMinutes,
    leases,
  });
  const sellerOffers = createSellerOfferService({
    ...{ offers, pricing, supplierOffers, supplierRestock, auditLog },
    products: ask.products,
    keys: ask.keys,
    vault: deps.vault,
    // Asked when a seller sets up a supplier offer, once the container is built.
    supplierRegion: (supplier, sku) => supplierProducts.activationRegion(supplier, sku),
  });
  const adminOffers = createAdminOfferService({
    ...{ offers, pricing, auditLog },
    products: ask.products,
    sellers: ask.sellers,
    keys: ask.keys,
  });
  const keyService = createKeyService({
    ...{ keys, pricing, auditLog },
    offers: ask.offers,
    products: ask.products,
    vault: deps.vault,
  });
  const exchangeRateService = createExchangeRateService({
    rates: exchangeRates,
    pricing,
    auditLog,
  });
  const blocklistService = createBlocklistService({ blocklist, auditLog });
  // Suppliers' catalogues: imported in the background, mapped by each seller to products.
  const connectionsOfSellers = catalogueConnections(supplierConnectionService);
  const supplierProducts = createSupplierProductRepository(db);
  const supplierImports = createSupplierImportRepository(db);
  const supplierImportRunner = createImportRunner({
    imports: supplierImports,
    products: supplierProducts,
    supplierFor: connectionsOfSellers.supplierFor,
    log,
    leases,
    hooks: options.importHooks,
  });
  const supplierImportService = createSupplierImportService({
    imports: supplierImports,
    products: supplierProducts,
    connections: connectionsOfSellers,
    runner: supplierImportRunner,
  });
  const supplierCatalogueService = createSupplierCatalogueService({
    products: supplierProducts,
    mappings: createSupplierMappingRepository(db),
    catalogue: ask.products,
    connections: connectionsOfSellers,
    proposals: proposalService,
  });

  // The cart and coupons: lines priced from the live offers, never from the client.
  // Product documents kept in memory between the writes to each (its offers' stock moves
  // under a sale, its name and category do not): a checkout reads only its offers.
  const cartProductDocs = cachedProductsByIds(ask.products.findByIds);
  const cartPricing = createCartPricing({
    offers: ask.offers,
    products: { findByIds: cartProductDocs.read },
  });
  const couponService = createCouponService({
    coupons: createCouponRepository(db),
    price: cartPricing,
  });
  // VAT where the buyer is: the rate table and the choice of a sale's rate (docs/vat.md).
  const vatRepository = createVatRateRepository(db);
  const vatService = createVatService({
    repo: vatRepository,
    auditLog,
    shopRateBps: deps.vatRateBps,
  });
  const ossReport = createOssReport({ orders: ask.orders, rates: ask.exchangeRates });
  // Kept in memory between the writes to each cart (the change bus of docs/page-cache.md).
  const cartViews = cachedById(carts.find, { prefix: CART_TAG_PREFIX, all: ALL_CARTS });
  const cartService = createCartService({
    carts,
    view: cartViews.read,
    price: cartPricing,
    coupons: couponService,
    vat: vatTable(deps.vatRateBps),
    vatOf: async (country) => (await vatService.choose(country)).table,
  });

  // On-demand units, bought from the seller's supplier once the order is paid and approved (the
  // delivery asks it first); a refused unit's line goes back to the buyer through the refunds,
  // built further down (they need the orders service): called only once everything is built.
  const supplierFulfilment = createSupplierFulfilment({
    ...{ pricing, mails, log },
    offers: ask.offers,
    keys: ask.keys,
    vault: deps.vault,
    purchases: createSupplierPurchaseFacade(supplierPurchases),
    connections: supplierConnectionService,
    refundLine: async (order, item, reason) => {
      await refunds.refund(
        order._id.toHexString(),
        { itemId: item._id.toHexString(), reason },
        SYSTEM_AUDIT_CONTEXT,
      );
    },
    patienceMs: deps.supplierOffers.patienceMinutes * 60_000,
    publicOrigin: deps.publicOrigin,
    leases,
    leaseMs: (deps.supplierOffers.leaseSeconds ?? 60) * 1000,
  });

  // Invoices and credit notes: one per paid order and per refund, gapless numbers per year.
  const invoiceService = createInvoiceService({
    invoices: createInvoiceRepository(db),
    orders: ask.orders,
    users: ask.users,
    sellers: ask.sellers,
    issuer: deps.invoiceIssuer,
  });
  const invoiceMail = {
    /** The order's invoice, issued if missing: what the delivery mail names and attaches. */
    issue: async (order: Parameters<typeof invoiceService.issueFor>[0]) => {
      const doc = await invoiceService.issueFor(order);
      return doc && { number: doc.number, attachments: [invoiceService.attachmentOf(doc)] };
    },
  };

  // Orders: key reservations, decisions, delivery and the sellers' ledger.
  const orderKeys = createOrderKeys({ keys: ask.keys, offers: ask.offers, pricing, orders });
  const orderService = createOrderService({
    ...{ orders, orderKeys, log },
    keys: ask.keys,
    users: ask.users,
    blocklist: ask.blocklist,
    priceOffer: createOfferLinePricing({
      offers: ask.offers,
      products: ask.products,
      vatRateBps: deps.vatRateBps,
    }),
    deliver: createOrderDelivery({
      ...{ orders, orderKeys, log },
      mails: orderMails,
      ledger: ask.ledger,
      sellers: ask.sellers,
      supplied: supplierFulfilment,
      invoices: invoiceMail,
    }),
    mails: orderMails,
    vault: deps.vault,
    settings: {
      reservationMinutes: deps.orderReservationMinutes,
      vatRateBps: deps.vatRateBps,
      fraud: options.fraud ?? FRAUD_DEFAULTS,
      holds: deps.orderHolds,
    },
    coupons: options.coupons ?? orderCoupons(couponService),
    vat: vatService,
  });

  // Affiliates: what Awin hears of an order (nothing without its client).
  const affiliate = deps.awin
    ? createAffiliateReporter({
        reports: createAffiliateReportRepository(db),
        awin: deps.awin,
        log,
      })
    : undefined;
  // Sellers' API tokens and webhooks (built above); their sale and refund events ride on the
  // order reports.
  const reports = sellerApi.events.around(
    createOrderReports({ reporter: affiliate, orders: ask.orders, log }),
  );

  // Checkout: the cart becomes an order and a payment; returns, webhooks and the admin's
  // refresh settle it the one way; refunds give money and keys back.
  const refunds = createRefundService({
    ...{ orderService, pricing, reports, auditLog, log },
    mails: orderMails,
    orders: ask.orders,
    keys: ask.keys,
    offers: ask.offers,
    ledger: ask.ledger,
    refunds: createRefundRepository(db),
    payments: deps.payments,
    // The refund's credit note, attached to its mail.
    creditNotes: {
      issue: async (order, refund) => {
        const doc = await invoiceService.creditNoteFor(order, refund);
        return doc ? [invoiceService.attachmentOf(doc)] : [];
      },
    },
  });
  // Suppliers' postbacks: a pre-order's code arrived, stock or prices changed.
  const supplierPostbacks = createSupplierPostbacks({
    connections: supplierConnectionService,
    purchases: createSupplierPurchaseFacade(supplierPurchases),
    syncConnection: (id) => supplierSync.syncConnection(id),
    deliverAgain: (ids) => orderService.deliverAgain(ids),
    log,
  });
  const followUps = createPaymentFollowUps({ orders: orderService, refunds, reports, log });
  const settlement = createSettlement({
    ...{ orderService, log },
    orders: ask.orders,
    payments: deps.payments,
    hooks: { approved: reports.converted, undeliverable: followUps.giveBack },
  });
  const chargebacks = createChargebacks({
    ...{ orderService, reports, auditLog, log },
    orders: ask.orders,
    keys: ask.keys,
    ledger: ask.ledger,
    blocklist: ask.blocklist,
    payments: deps.payments,
  });
  // Sellers get paid: commission rules, balances and payouts.
  const commissionService = createCommissionService({ rules: commissionRules, auditLog });
  const payoutService = createPayoutService({
    ...{ auditLog, log },
    payouts: createPayoutRepository(db),
    ledger: ask.ledger,
    sellers: ask.sellers,
    mails,
    paypal: deps.payouts.paypal,
    minimumCents: deps.payouts.minimumCents,
  });
  // Payment disputes: evidence sent through the providers' dispute APIs, a won one's ledger back.
  const disputes = createDisputeService({
    ...{ auditLog, log },
    repo: createDisputeRepository(db),
    payments: deps.payments,
    orders: ask.orders,
    ledger: ask.ledger,
    evidence: {
      users: ask.users,
      keys: ask.keys,
      mailsTo: (to, since) => outbox.sentTo(to, since, 50),
    },
    invoices: { pdfOfOrder: (orderId) => invoiceService.pdfOfOrder(orderId) },
  });
  const checkout = createCheckoutService({
    ...{ orderService, settlement, chargebacks, disputes, auditLog, log },
    orders: ask.orders,
    cart: cartService,
    payments: deps.payments,
    events: createPaymentEventRepository(db),
    publicOrigin: deps.publicOrigin,
    payoutBatchChanged: (batchId) => payoutService.batchChanged(batchId),
  });
  // Defective-key claims: replaced or refunded by the seller, decided by an admin on escalation;
  // main.ts's claims job refunds what sellers leave unanswered and counts the defect rates.
  const claims = createClaims({
    ...{ db, pricing, refunds, supplierFulfilment, mails, log, auditLog },
    orders: ask.orders,
    keys: ask.keys,
    offers: ask.offers,
    sellers: ask.sellers,
    publicOrigin: deps.publicOrigin,
    holdbackDays: deps.sellerHoldbackDays,
    responseHours: deps.claimResponseHours,
    onReported: sellerApi.events.claimReported,
  });
  // Live chat: buyer–seller conversations per order and seller, admins may join.
  const conversations = createConversations({
    ...{ db, mails, log },
    orders: ask.orders,
    sellers: ask.sellers,
  });
  const adminOrders = createAdminOrderService({
    orders: orderService,
    auditLog,
    followUp: followUps.decidedByAdmin,
  });
  const dashboards = createDashboardService({
    repo: createDashboardRepository(db),
    // Suppliers with a connection whose breaker is open on this instance: calls fail fast.
    openBreakers: () =>
      Object.values(supplierConnectionService.breakersBySupplier()).filter((b) => b.open > 0)
        .length,
  });
  // Account self-service: what each module keeps about a person, exported and erased as one.
  const personalData: PersonalData = {
    orders: createOrderPersonalData(orders),
    favorites: createFavoritePersonalData(createFavoriteRepository(db)),
    reviews: createReviewPersonalData(createReviewRepository(db)),
    claims: createClaimPersonalData(createClaimRepository(db)),
    cart: { erase: carts.remove },
    outbox: {
      erase: (email, standIn) =>
        outbox.redactTo(email, standIn.email, 'Erased: the account was deleted.'),
    },
  };
  const accountErasure = createAccountErasure({
    ...deps,
    ...{ users, auditLog },
    data: personalData,
    apiTokens: sellerApi.tokenFacade,
  });
  const accountExport = createAccountExport({ users, data: personalData });
  const passwordReset = createPasswordReset({ ...deps, users, mails });
  // The seller console's sale detail and refunds: reads over orders, keys, ledger, refunds, claims.
  const saleReads = { orders: ask.orders, refunds: createRefundFacade(createRefundRepository(db)) };
  const saleDetail = createSaleDetail({
    ...saleReads,
    keys: ask.keys,
    ledger: ask.ledger,
    claims: claims.service,
  });
  const sellerRefunds = createSellerRefunds({ ...saleReads, ledger: ask.ledger });
  const images = createImageService({ images: createImageRepository(db), products: ask.products });
  // The admin app bar's search: products through the catalogue's search index.
  const adminLookup = createAdminLookup({
    db,
    products: async (q) =>
      (await searchService.suggest({ q, locale: 'en', currency: 'eur' })).products.map((p) => ({
        id: p.id,
        name: p.name,
      })),
  });

  // One cache of users' session states (blocked, sessionsValidAfter) for both kinds of credential
  // the API takes (app.ts); the session module declares what drops it.
  const sessionStates = cachedSessionStates(users);

  // The shop's modules, each given here what it needs (so the list comes once everything is
  // built); what each brings (indexes, routes, migrations, change listeners, jobs) is its own
  // declaration (runtime/module.ts), gathered below and by app.ts. Migrations run oldest first,
  // modules in this order.
  const modules: ModuleDeclaration[] = [
    keysModule({
      service: keyService,
      keys,
      vault: deps.vault,
      auditLog,
      restock: createRestock({ keys, offers, pricing }),
      log,
    }),
    claimsModule({ ...claims, records: createClaimRepository(db), log }),
    ordersModule({
      orders: orderService,
      admin: adminOrders,
      expiryEveryMs: deps.schedule.orderExpiryMs,
    }),
    payoutsModule({
      payouts: payoutService,
      ledger: ask.ledger,
      everyMs: deps.schedule.payoutEveryMs,
      runEveryMinutes: deps.schedule.payoutRunMinutes,
    }),
    sellerApiModule({
      tokens: sellerApi.tokens,
      webhooks: sellerApi.webhooks,
      delivery: sellerApi.delivery,
      events: sellerApi.events,
      deliveryEveryMs: deps.schedule.webhookEveryMs,
    }),
    reviewsModule({ service: reviewService, moderation: reviewModeration }),
    commissionModule({ service: commissionService }),
    fraudModule({ blocklist: blocklistService }),
    auditModule({ auditLog }),
    outboxModule({ outbox, auditLog }),
    couponsModule({ service: couponService }),
    exchangeRatesModule({ service: exchangeRateService }),
    categoriesModule({ categories, service: categoryService, admin: categoryAdmin }),
    productProposalsModule({ service: proposalService }),
    suppliersModule({ service: supplierService }),
    supplierConnectionsModule({ service: supplierConnectionService }),
    supplierPurchasesModule({ service: supplierPurchaseService }),
    supplierCatalogueModule({
      catalogue: supplierCatalogueService,
      imports: supplierImportService,
    }),
    supplierFulfilmentModule({ postbacks: supplierPostbacks }),
    refundsModule({ service: refunds }),
    sitemapModule({ service: sitemapService }),
    stateModule({ service: publicState }),
    usersModule({
      users,
      service: userService,
      staff: staffService,
      passwordReset,
      exports: accountExport,
      erasure: accountErasure,
    }),
    affiliatesModule({ affiliate: affiliate ?? null }),
    offersModule({
      seller: sellerOffers,
      admin: adminOffers,
      supplierSync,
      records: { offers, products: ask.products, log },
    }),
    disputesModule({ service: disputes }),
    vatModule({ repo: vatRepository, vat: vatService, report: ossReport }),
    brandsModule({ brands, admin: brandAdmin }),
    tagsModule({ tags, admin: tagAdmin }),
    platformsModule({ platforms, admin: platformAdmin }),
    macrocategoriesModule({
      macrocategories,
      service: macrocategoryService,
      admin: macrocategoryAdmin,
    }),
    homeContentModule({ service: homeContentService }),
    favoritesModule({ service: favoriteService }),
    eventsModule({ service: eventService }),
    searchModule({
      search: searchService,
      sync: searchSync,
      synonyms: synonymRepository,
      synonymService,
    }),
    sellersModule({ sellers, service: sellerService, shopProfile, legalChanges }),
    conversationsModule({ service: conversations }),
    dashboardsModule({ service: dashboards, lookup: adminLookup }),
    salesModule({ saleDetail, refunds: sellerRefunds }),
    imagesModule({ service: images }),
    cartModule({
      service: cartService,
      heard: { views: cartViews.heard, productDocs: cartProductDocs.heard },
    }),
    checkoutModule({ service: checkout }),
    productsModule({
      catalogue,
      admin: productAdmin,
      seller: sellerCatalogue,
      heard: {
        reads: publicReads?.heard,
        platforms: cataloguePlatforms.heard,
        productDocs: catalogueProductDocs.heard,
      },
    }),
    systemModule({ ...deps, status: createSystemStatus(db) }),
    sessionModule({ auth: deps.auth, users: userService, heard: sessionStates.heard }),
    ledgerModule(),
    invoicesModule({ service: invoiceService }),
    priceHistoryModule({ history: priceHistory }),
  ];
  // What each module does when a write is heard (this instance's and, by the change stream, others').
  listenToChanges(modules, deps.pageCache.changes);

  return {
    deps,
    /** The modules, each with what it brings (app.ts mounts their routes). */
    modules,
    /** Every collection's indexes: the modules' and the middleware's. */
    indexes: gatherIndexes([...modules, { name: 'middleware', indexes: MIDDLEWARE_INDEXES }]),
    /** The modules' data migrations, oldest first. */
    migrations: gatherMigrations(modules),
    // Repositories the routers and middleware still read directly.
    users,
    /** `users` with the session states kept in memory: what the authentication reads. */
    sessions: sessionStates.read,
    sellers,
    outbox,
    categories,
    macrocategories,
    platforms,
    brands,
    tags,
    /** The money side of orders (the reconciliation job lists unsettled payments). */
    orders: ask.orders,
    mailer,
    mails,
    auditLog,
    userService,
    staffService,
    accountErasure,
    accountExport,
    passwordReset,
    categoryService,
    macrocategoryService,
    catalogue,
    /** Products' and offers' price histories (the chart, the prior prices of reductions). */
    priceHistory,
    /** Search by words and the header's suggestions; the index's sync (`settled`, `rebuild`). */
    searchService,
    searchSync,
    synonymRepository,
    synonymService,
    vatRepository,
    vatService,
    ossReport,
    favoriteService,
    eventService,
    productAdmin,
    proposalService,
    sellerCatalogue,
    categoryAdmin,
    macrocategoryAdmin,
    platformAdmin,
    brandAdmin,
    tagAdmin,
    homeContentService,
    reviewService,
    /** Also main.ts's rating repair job. */
    reviewModeration,
    publicState,
    sitemapService,
    sellerService,
    shopProfile,
    legalChanges,
    sellerOffers,
    adminOffers,
    keyService,
    exchangeRateService,
    blocklistService,
    supplierService,
    /** Catalogue imports run in the background: main.ts resumes and stops them. */
    supplierImportRunner,
    supplierImportService,
    supplierCatalogueService,
    supplierPurchaseService,
    supplierConnectionService,
    /** Supplier-backed offers' sync: the job's `syncDue`, and `syncConnection` for postbacks. */
    supplierSync,
    /** On-demand purchases: the supplier-fulfilment job resumes what a crash or a silence left. */
    supplierFulfilment,
    supplierPostbacks,
    couponService,
    cartService,
    orderService,
    adminOrders,
    affiliate,
    refunds,
    /** Invoices and credit notes: the buyer's and the admin's routes. */
    invoiceService,
    settlement,
    chargebacks,
    /** Payment disputes: the webhook's `received`, the job's `runDue`. */
    disputes,
    checkout,
    /** Claims: `service` for the routes and the job, `defectRates` for the daily count. */
    claims,
    commissionService,
    /** Sellers' payouts: the payout job's `tick`. */
    payoutService,
    /** The sellers' ledger (balances and movements). */
    ledger: ask.ledger,
    dashboards,
    // The admin app bar's search: products through the catalogue's search index.
    adminLookup,
    /** Live chat: the conversations' routes. */
    conversations,
    saleDetail,
    sellerRefunds,
    /** Product pictures: uploads and the widths the storefront shows. */
    images,
    /** Sellers' API tokens and webhooks: main.ts's webhook job runs `delivery.deliverDue`. */
    sellerApi,
  };
}
export type Container = ReturnType<typeof createContainer>;
