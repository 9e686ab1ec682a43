import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './app-env.ts';
import type { Container } from './container.ts';
import { REPO_ROOT } from './config.ts';
import { consoleRoutes } from './consoles.ts';
import { AppError, handleError, handleNotFound } from './lib/errors.ts';
import { resolveRemoteIp } from './lib/remote-ip.ts';
import { MAX_BODY_BYTES } from './lib/request-body.ts';
import { mountRoutes } from './lib/route.ts';
import { authenticate, requireApprovedSeller, requireRole } from './middleware/auth.ts';
import { createRateLimits } from './middleware/rate-limit.ts';
import { requestLog } from './middleware/request-log.ts';
import {
  adminCategoryRoutes,
  consoleCategoryRoutes,
  publicCategoryRoutes,
} from './modules/categories/categories.routes.ts';
import { adminBrandRoutes } from './modules/brands/brands.routes.ts';
import { adminHomeContentRoutes } from './modules/home-content/home-content.routes.ts';
import {
  adminMacrocategoryRoutes,
  publicMacrocategoryRoutes,
} from './modules/macrocategories/macrocategories.routes.ts';
import { adminPlatformRoutes } from './modules/platforms/platforms.routes.ts';
import { adminTagRoutes } from './modules/tags/tags.routes.ts';
import { adminKeyRoutes, sellerKeyRoutes } from './modules/keys/keys.routes.ts';
import { adminAuditRoutes } from './modules/audit/audit.routes.ts';
import { adminExchangeRateRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { adminOfferRoutes } from './modules/offers/offers.admin.routes.ts';
import { sellerOfferRoutes } from './modules/offers/offers.seller.routes.ts';
import { adminOutboxRoutes } from './modules/outbox/outbox.routes.ts';
import { adminProductRoutes } from './modules/products/products.admin.routes.ts';
import { publicProductRoutes } from './modules/products/products.public.routes.ts';
import { sellerProductRoutes } from './modules/products/products.seller.routes.ts';
import {
  adminProposalRoutes,
  sellerProposalRoutes,
} from './modules/product-proposals/product-proposals.routes.ts';
import {
  adminSellerRoutes,
  sellerApplicationRoutes,
  sellerApplyRoutes,
} from './modules/sellers/sellers.routes.ts';
import { publicEventRoutes } from './modules/events/events.routes.ts';
import {
  adminOrderRoutes,
  sellerBalanceRoutes,
  sellerSaleRoutes,
  userOrderRoutes,
} from './modules/orders/orders.routes.ts';
import {
  adminCheckoutRoutes,
  paymentWebhookRoutes,
  userCheckoutRoutes,
} from './modules/checkout/checkout.routes.ts';
import { adminOrderRefundRoutes, adminRefundRoutes } from './modules/refunds/refunds.routes.ts';
import { adminBlocklistRoutes } from './modules/fraud/blocklist.routes.ts';
import { cartRoutes, userCartRoutes } from './modules/cart/cart.routes.ts';
import { adminCouponRoutes, userCouponRoutes } from './modules/coupons/coupons.routes.ts';
import { userFavoriteRoutes } from './modules/favorites/favorites.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { publicStateRoutes } from './modules/state/state.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { adminUserRoutes, signUpRoutes, userAccountRoutes } from './modules/users/users.routes.ts';

const tooLarge = (): never => {
  throw new AppError('VALIDATION_FAILED', { message: 'The request body is too large' });
};

/**
 * The Hono app: API under /api, the built consoles under /admin and /seller. It only mounts
 * routers; every service comes built from the container (`container.ts`).
 */
export function createApp(container: Container) {
  const {
    deps,
    users,
    sellers,
    outbox,
    categories,
    macrocategories,
    platforms,
    brands,
    tags,
    auditLog,
    userService,
    categoryService,
    macrocategoryService,
    catalogue,
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
    publicState,
    sellerService,
    sellerOffers,
    adminOffers,
    keyService,
    exchangeRateService,
    blocklistService,
    couponService,
    cartService,
    orderService,
    adminOrders,
    refunds,
    checkout,
  } = container;

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
      adminOrderRoutes(adminOrders),
      adminOrderRefundRoutes(refunds),
      adminCheckoutRoutes(checkout),
      adminRefundRoutes(refunds),
      adminBlocklistRoutes(blocklistService),
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
