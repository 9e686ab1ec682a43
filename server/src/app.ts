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
import { authenticate, requireApprovedSeller, requireRole } from './middleware/auth.ts';
import { byAddress, bySeller, byUser, createRateLimits } from './middleware/rate-limit.ts';
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

  // Hono runs handlers in registration order: the routes open to guests (sign-up, seller
  // application) come before the role guards of their path prefixes.
  const limit = createRateLimits(deps.db, deps.rateLimits);
  const api = new Hono<AppEnv>()
    .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }))
    .use(resolveRemoteIp(deps.trustProxy))
    .use(authenticate(deps.auth, users, deps.trustProxy))
    // Abuse limits, on the POSTs of these paths, before anything else runs for them.
    .use('/user/profile/add', limit('signUp', byAddress))
    .use('/user/profile/addsocial', limit('signUp', byAddress))
    .use('/seller/profile/addseller', limit('sellerApplication', byAddress, byUser))
    .use('/login', limit('login', byAddress))
    .use('/user/coupons/verify', limit('coupon', byUser, byAddress))
    .use('/cart/updateCartSummary', limit('coupon', byUser, byAddress))
    .use('/user/checkout', limit('checkout', byUser, byAddress))
    .use('/seller/offers/:id/keys', limit('keyUpload', bySeller))
    .use('/user/orders/:id/keys/:keyId/reveal', limit('keyReveal', byUser))
    .use('/user/orders/:id/claim-account', limit('keyReveal', byUser))
    .use('/payments/webhooks/*', limit('webhook', byAddress))
    .use('/public/events', limit('pageView', byAddress))
    .route('/', systemRoutes(deps))
    .route('/', sessionRoutes(deps.auth, userService))
    .route('/', openApiRoutes())
    .route('/public/categories', publicCategoryRoutes(categoryService))
    .route('/public/macrocategories', publicMacrocategoryRoutes(macrocategoryService))
    .route('/public/products', publicProductRoutes(catalogue))
    .route('/public/state', publicStateRoutes(publicState))
    .route('/public/events', publicEventRoutes(eventService))
    .route('/user/profile', signUpRoutes(userService))
    // Providers' webhooks: no credential, the signature over the raw body authenticates them.
    .route('/payments/webhooks', paymentWebhookRoutes(checkout))
    .route('/seller/profile', sellerApplyRoutes(sellerService))
    .use('/admin/*', requireRole('admin'))
    .use('/seller/*', requireApprovedSeller(sellers))
    .use('/user/*', requireRole('user', 'seller', 'admin'))
    .use('/cart/*', requireRole('user', 'seller', 'admin'))
    .route('/cart', cartRoutes(cartService))
    .route('/user/cart', userCartRoutes(cartService))
    .route('/user/coupons', userCouponRoutes(couponService))
    .route('/admin/coupons', adminCouponRoutes(couponService))
    .route('/user', userAccountRoutes(userService))
    .route('/user/favorites', userFavoriteRoutes(favoriteService))
    .route('/user/orders', userOrderRoutes(orderService))
    .route('/admin/orders', adminOrderRoutes(adminOrders))
    .route('/admin/orders', adminOrderRefundRoutes(refunds))
    .route('/admin/orders', adminCheckoutRoutes(checkout))
    .route('/admin/refunds', adminRefundRoutes(refunds))
    .route('/admin/blocklist', adminBlocklistRoutes(blocklistService))
    .route('/user/checkout', userCheckoutRoutes(checkout))
    .route('/seller/sales', sellerSaleRoutes(orderService))
    .route('/seller/balance', sellerBalanceRoutes(orderService))
    .route('/user/seller-application', sellerApplicationRoutes(sellerService))
    .route('/admin/users', adminUserRoutes(userService, users))
    .route('/admin/sellers', adminSellerRoutes(sellerService, sellers))
    .route('/admin/outbox', adminOutboxRoutes(outbox))
    .route('/admin/products', adminProductRoutes(productAdmin))
    .route('/admin/product-proposals', adminProposalRoutes(proposalService))
    .route('/seller/products', sellerProductRoutes(sellerCatalogue))
    .route('/seller/product-proposals', sellerProposalRoutes(proposalService))
    .route('/admin/categories', adminCategoryRoutes(categories, categoryAdmin))
    .route('/admin/macrocategories', adminMacrocategoryRoutes(macrocategories, macrocategoryAdmin))
    .route('/admin/platforms', adminPlatformRoutes(platforms, platformAdmin))
    .route('/admin/brands', adminBrandRoutes(brands, brandAdmin))
    .route('/admin/tags', adminTagRoutes(tags, tagAdmin))
    .route('/admin/home-content', adminHomeContentRoutes(homeContentService))
    .route('/seller/categories', consoleCategoryRoutes(categories))
    .route('/seller/offers', sellerOfferRoutes(sellerOffers))
    .route('/admin/offers', adminOfferRoutes(adminOffers))
    .route('/admin/keys', adminKeyRoutes(keyService))
    .route('/admin/exchange-rates', adminExchangeRateRoutes(exchangeRateService))
    .route('/admin/audit-log', adminAuditRoutes(auditLog))
    .route('/seller/keys', sellerKeyRoutes(keyService));

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
