import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { Db } from 'mongodb';
import type { Auth } from 'firebase-admin/auth';
import { DEFAULT_VAT_RATE_BPS, vatTable, type ClientConfig, type Health } from '@market/shared';
import type { AppEnv } from './app-env.ts';
import { REPO_ROOT } from './config.ts';
import { consoleRoutes } from './consoles.ts';
import { AppError, handleError, handleNotFound } from './lib/errors.ts';
import { resolveRemoteIp } from './lib/remote-ip.ts';
import { MAX_BODY_BYTES } from './lib/request-body.ts';
import { mountRoutes } from './lib/route.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { PaymentProviders } from './integrations/payments/payment-provider.ts';
import type { AffiliateReporter } from './integrations/awin/affiliate-reporter.ts';
import type { Recaptcha } from './integrations/recaptcha/recaptcha.ts';
import { authenticate, requireApprovedSeller, requireRole } from './middleware/auth.ts';
import { createRateLimits } from './middleware/rate-limit.ts';
import type { Limits } from './lib/rate-limit-config.ts';
import { requestLog } from './middleware/request-log.ts';
import { createBrandRepository } from './modules/brands/brands.repository.ts';
import { createCategoryRepository } from './modules/categories/categories.repository.ts';
import {
  adminCategoryRoutes,
  consoleCategoryRoutes,
  publicCategoryRoutes,
} from './modules/categories/categories.routes.ts';
import {
  createCategoryAdminService,
  createCategoryService,
} from './modules/categories/categories.service.ts';
import { adminBrandRoutes } from './modules/brands/brands.routes.ts';
import { createBrandAdminService } from './modules/brands/brands.service.ts';
import { createHomeContentRepository } from './modules/home-content/home-content.repository.ts';
import { adminHomeContentRoutes } from './modules/home-content/home-content.routes.ts';
import { createHomeContentService } from './modules/home-content/home-content.service.ts';
import { createMacrocategoryRepository } from './modules/macrocategories/macrocategories.repository.ts';
import {
  adminMacrocategoryRoutes,
  publicMacrocategoryRoutes,
} from './modules/macrocategories/macrocategories.routes.ts';
import {
  createMacrocategoryAdminService,
  createMacrocategoryService,
} from './modules/macrocategories/macrocategories.service.ts';
import { adminPlatformRoutes } from './modules/platforms/platforms.routes.ts';
import { createPlatformAdminService } from './modules/platforms/platforms.service.ts';
import { createTagRepository } from './modules/tags/tags.repository.ts';
import { adminTagRoutes } from './modules/tags/tags.routes.ts';
import { createTagAdminService } from './modules/tags/tags.service.ts';
import type { KeyVault } from './modules/keys/key-vault.ts';
import { createKeyRepository } from './modules/keys/keys.repository.ts';
import { adminKeyRoutes, sellerKeyRoutes } from './modules/keys/keys.routes.ts';
import { createKeyService } from './modules/keys/keys.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { adminAuditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditLog } from './modules/audit/audit.service.ts';
import { createExchangeRateRepository } from './modules/exchange-rates/exchange-rates.repository.ts';
import { adminExchangeRateRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { createExchangeRateService } from './modules/exchange-rates/exchange-rates.service.ts';
import { createOfferPricing } from './modules/offers/offer-pricing.ts';
import { createOfferStanding } from './modules/offers/offer-standing.ts';
import { adminOfferRoutes } from './modules/offers/offers.admin.routes.ts';
import { createAdminOfferService } from './modules/offers/offers.admin.service.ts';
import { createOfferRepository } from './modules/offers/offers.repository.ts';
import { sellerOfferRoutes } from './modules/offers/offers.seller.routes.ts';
import { createSellerOfferService } from './modules/offers/offers.service.ts';
import { createOutboxRepository } from './modules/outbox/outbox.repository.ts';
import { adminOutboxRoutes } from './modules/outbox/outbox.routes.ts';
import { createPlatformRepository } from './modules/platforms/platforms.repository.ts';
import { createProductAdminService } from './modules/products/product-admin.service.ts';
import { adminProductRoutes } from './modules/products/products.admin.routes.ts';
import { publicProductRoutes } from './modules/products/products.public.routes.ts';
import { sellerProductRoutes } from './modules/products/products.seller.routes.ts';
import { createSellerCatalogueService } from './modules/products/seller-catalogue.service.ts';
import { createProposalRepository } from './modules/product-proposals/product-proposals.repository.ts';
import {
  adminProposalRoutes,
  sellerProposalRoutes,
} from './modules/product-proposals/product-proposals.routes.ts';
import { createProposalService } from './modules/product-proposals/product-proposals.service.ts';
import { createProductRepository } from './modules/products/products.repository.ts';
import { createCatalogueService } from './modules/products/products.service.ts';
import { createSellerRepository } from './modules/sellers/sellers.repository.ts';
import {
  adminSellerRoutes,
  sellerApplicationRoutes,
  sellerApplyRoutes,
} from './modules/sellers/sellers.routes.ts';
import { createSellerService } from './modules/sellers/sellers.service.ts';
import { createEventRepository } from './modules/events/events.repository.ts';
import { publicEventRoutes } from './modules/events/events.routes.ts';
import { createEventService } from './modules/events/events.service.ts';
import { createFavoriteRepository } from './modules/favorites/favorites.repository.ts';
import {
  adminOrderRoutes,
  sellerBalanceRoutes,
  sellerSaleRoutes,
  userOrderRoutes,
} from './modules/orders/orders.routes.ts';
import { buildOrderService } from './modules/orders/orders.wiring.ts';
import {
  adminCheckoutRoutes,
  paymentWebhookRoutes,
  userCheckoutRoutes,
} from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { buildPayments } from './modules/checkout/checkout.wiring.ts';
import { orderCoupons } from './modules/checkout/order-coupons.ts';
import { createPaymentEventRepository } from './modules/checkout/payment-events.repository.ts';
import { adminOrderRefundRoutes, adminRefundRoutes } from './modules/refunds/refunds.routes.ts';
import { createBlocklistRepository } from './modules/fraud/blocklist.repository.ts';
import { adminBlocklistRoutes } from './modules/fraud/blocklist.routes.ts';
import { createBlocklistService } from './modules/fraud/blocklist.service.ts';
import { createCartPricing } from './modules/cart/cart-pricing.ts';
import { createCartRepository } from './modules/cart/cart.repository.ts';
import { cartRoutes, userCartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCouponRepository } from './modules/coupons/coupons.repository.ts';
import { adminCouponRoutes, userCouponRoutes } from './modules/coupons/coupons.routes.ts';
import { createCouponService } from './modules/coupons/coupons.service.ts';
import { userFavoriteRoutes } from './modules/favorites/favorites.routes.ts';
import { createFavoriteService } from './modules/favorites/favorites.service.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { publicStateRoutes } from './modules/state/state.routes.ts';
import { createPublicStateService } from './modules/state/state.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { createUserRepository } from './modules/users/users.repository.ts';
import { adminUserRoutes, signUpRoutes, userAccountRoutes } from './modules/users/users.routes.ts';
import { createUserService } from './modules/users/users.service.ts';

export type AppDeps = {
  db: Db;
  auth: Auth;
  log: Logger;
  health: Health;
  clientConfig: ClientConfig;
  mailer: Mailer;
  recaptcha: Recaptcha;
  /** Encrypts and hashes product keys (built from the master key). */
  vault: KeyVault;
  /** Absolute origin for links in mails. */
  publicOrigin: string;
  /** Whether a reverse proxy sets X-Forwarded-For (TRUST_PROXY); else the socket address counts. */
  trustProxy: boolean;
  /** How long an unpaid order holds its keys (ORDER_RESERVATION_MINUTES); 15 when left out. */
  orderReservationMinutes?: number;
  /** PayPal and Checkout.com clients: the real APIs with credentials, else the local sandboxes. */
  payments: PaymentProviders;
  /** The shop's VAT rate in basis points (VAT_RATE_BPS); 2200 when left out. */
  vatRateBps?: number;
  /** The abuse limits (RATE_LIMITS over the defaults in middleware/rate-limit.ts). */
  rateLimits: Limits;
  /** What one buyer's unpaid orders may hold (ORDER_HOLD_MAX_ORDERS, ORDER_HOLD_MAX_UNITS). */
  orderHolds: { orders: number; units: number };
  /** Awin conversions and amendments (the API, or its local sandbox); none: nothing reported. */
  affiliate?: AffiliateReporter;
};

const tooLarge = (): never => {
  throw new AppError('VALIDATION_FAILED', { message: 'The request body is too large' });
};

/** The Hono app: API under /api, the built consoles under /admin and /seller. */
export function createApp(deps: AppDeps) {
  const categories = createCategoryRepository(deps.db);
  const users = createUserRepository(deps.db);
  const sellers = createSellerRepository(deps.db);
  const outbox = createOutboxRepository(deps.db);
  const userService = createUserService({ ...deps, users });
  const products = createProductRepository(deps.db);
  const offers = createOfferRepository(deps.db);
  const platforms = createPlatformRepository(deps.db);
  const categoryService = createCategoryService({ categories, products });
  const macrocategoryService = createMacrocategoryService({
    macrocategories: createMacrocategoryRepository(deps.db),
  });
  const catalogue = createCatalogueService({
    products,
    offers,
    brands: createBrandRepository(deps.db),
    platforms,
    sellers,
    log: deps.log,
  });
  const favoriteService = createFavoriteService({
    favorites: createFavoriteRepository(deps.db),
    products,
  });
  const eventService = createEventService({ events: createEventRepository(deps.db) });
  const productAdmin = createProductAdminService({
    products,
    platforms,
    brands: createBrandRepository(deps.db),
  });
  const proposalService = createProposalService({
    proposals: createProposalRepository(deps.db),
    productAdmin,
  });
  const sellerCatalogue = createSellerCatalogueService({ products });
  // Offers, keys and exchange rates; what admins do to them goes to the audit log.
  const keys = createKeyRepository(deps.db);
  const auditLog = createAuditLog({ audit: createAuditRepository(deps.db) });
  const exchangeRates = createExchangeRateRepository(deps.db);
  const pricing = createOfferPricing({ offers, products, rates: exchangeRates });
  const sellerService = createSellerService({
    ...deps,
    users,
    sellers,
    offerStanding: createOfferStanding({ offers, pricing }),
  });
  const sellerOffers = createSellerOfferService({
    offers,
    products,
    keys,
    vault: deps.vault,
    pricing,
    auditLog,
  });
  const adminOffers = createAdminOfferService({
    offers,
    products,
    sellers,
    keys,
    pricing,
    auditLog,
  });
  const keyService = createKeyService({
    keys,
    offers,
    products,
    vault: deps.vault,
    pricing,
    auditLog,
  });
  const exchangeRateService = createExchangeRateService({
    rates: exchangeRates,
    pricing,
    auditLog,
  });
  // Reference data and home content, edited in the admin console.
  const macrocategories = createMacrocategoryRepository(deps.db);
  const brands = createBrandRepository(deps.db);
  const tags = createTagRepository(deps.db);
  const homeContent = createHomeContentRepository(deps.db);
  const categoryAdmin = createCategoryAdminService({ categories, products });
  const macrocategoryAdmin = createMacrocategoryAdminService({ macrocategories });
  const platformAdmin = createPlatformAdminService({ platforms, products });
  const brandAdmin = createBrandAdminService({ brands, products });
  const tagAdmin = createTagAdminService({ tags, products });
  const homeContentService = createHomeContentService({ homeContent, products });
  const publicState = createPublicStateService({
    tags,
    homeContent,
    products,
    offers,
    platforms,
    categories: categoryService,
    macrocategories: macrocategoryService,
    catalogue,
  });

  // The cart and coupons: lines priced from the live offers, never from the client.
  const cartPricing = createCartPricing({ offers, products });
  const couponService = createCouponService({
    coupons: createCouponRepository(deps.db),
    price: cartPricing,
  });
  const carts = createCartRepository(deps.db);
  const cartService = createCartService({
    carts,
    price: cartPricing,
    coupons: couponService,
    vat: vatTable(deps.vatRateBps ?? DEFAULT_VAT_RATE_BPS),
  });

  // Orders: key reservations, decisions, delivery and the sellers' ledger.
  const orderService = buildOrderService(deps, { coupons: orderCoupons(couponService) });
  // Checkout: the cart becomes an order and a payment; returns, webhooks and the admin's
  // refresh settle it the one way; refunds give money and keys back.
  const payments = buildPayments(deps, { orderService, auditLog });
  const checkout = createCheckoutService({
    cart: cartService,
    carts,
    offers,
    orders: payments.orders,
    orderService,
    settlement: payments.settlement,
    chargebacks: payments.chargebacks,
    payments: deps.payments,
    events: createPaymentEventRepository(deps.db),
    auditLog,
    publicOrigin: deps.publicOrigin,
    log: deps.log,
  });

  const api = new Hono<AppEnv>()
    .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }))
    .use(resolveRemoteIp(deps.trustProxy))
    .use(authenticate(deps.auth, users, deps.trustProxy));
  // Each route declares who may call it, its checks, its abuse limit and its documentation.
  const mounted = mountRoutes(
    api,
    [
      systemRoutes(deps),
      sessionRoutes(deps.auth, userService),
      publicCategoryRoutes(categoryService),
      publicMacrocategoryRoutes(macrocategoryService),
      publicProductRoutes(catalogue),
      publicStateRoutes(publicState),
      publicEventRoutes(eventService),
      signUpRoutes(userService),
      paymentWebhookRoutes(checkout),
      sellerApplyRoutes(sellerService),
      cartRoutes(cartService),
      userCartRoutes(cartService),
      userCouponRoutes(couponService),
      adminCouponRoutes(couponService),
      userAccountRoutes(userService),
      userFavoriteRoutes(favoriteService),
      userOrderRoutes(orderService),
      adminOrderRoutes(orderService, { auditLog, decided: payments.decidedByAdmin }),
      adminOrderRefundRoutes(payments.refunds),
      adminCheckoutRoutes(checkout),
      adminRefundRoutes(payments.refunds),
      adminBlocklistRoutes(
        createBlocklistService({ blocklist: createBlocklistRepository(deps.db), auditLog }),
      ),
      userCheckoutRoutes(checkout),
      sellerSaleRoutes(orderService),
      sellerBalanceRoutes(orderService),
      sellerApplicationRoutes(sellerService),
      adminUserRoutes(userService, users),
      adminSellerRoutes(sellerService, sellers),
      adminOutboxRoutes(outbox),
      adminProductRoutes(productAdmin),
      adminProposalRoutes(proposalService),
      sellerProductRoutes(sellerCatalogue),
      sellerProposalRoutes(proposalService),
      adminCategoryRoutes(categories, categoryAdmin),
      adminMacrocategoryRoutes(macrocategories, macrocategoryAdmin),
      adminPlatformRoutes(platforms, platformAdmin),
      adminBrandRoutes(brands, brandAdmin),
      adminTagRoutes(tags, tagAdmin),
      adminHomeContentRoutes(homeContentService),
      consoleCategoryRoutes(categories),
      sellerOfferRoutes(sellerOffers),
      adminOfferRoutes(adminOffers),
      adminKeyRoutes(keyService),
      adminExchangeRateRoutes(exchangeRateService),
      adminAuditRoutes(auditLog),
      sellerKeyRoutes(keyService),
    ],
    {
      guards: {
        public: [],
        user: [requireRole('user', 'seller', 'admin')],
        seller: [requireApprovedSeller(sellers)],
        admin: [requireRole('admin')],
      },
      limit: createRateLimits(deps.db, deps.rateLimits),
    },
  );
  api.route('/', openApiRoutes(mounted));

  const app = new Hono<AppEnv>()
    .use(requestId())
    .use(requestLog(deps.log))
    .route('/api', api)
    .route('/admin', consoleRoutes('admin', path.join(REPO_ROOT, 'admin/dist')))
    .route('/seller', consoleRoutes('seller', path.join(REPO_ROOT, 'seller/dist')))
    .use(
      '/*',
      serveStatic({
        root: path.join(REPO_ROOT, 'storefront/dist/client'),
        onFound: (file, c) =>
          c.header(
            'Cache-Control',
            file.includes('/_astro/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          ),
      }),
    );
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}
export type App = ReturnType<typeof createApp>;
