import { DEFAULT_VAT_RATE_BPS } from '@market/shared';
import type { AppDeps } from '../../app.ts';
import { createBlocklistRepository } from '../fraud/blocklist.repository.ts';
import { FRAUD_DEFAULTS, type FraudConfig } from '../fraud/fraud-rules.ts';
import { createExchangeRateRepository } from '../exchange-rates/exchange-rates.repository.ts';
import { createKeyRepository } from '../keys/keys.repository.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createOfferPricing } from '../offers/offer-pricing.ts';
import { createOfferRepository } from '../offers/offers.repository.ts';
import { createProductRepository } from '../products/products.repository.ts';
import { createUserRepository } from '../users/users.repository.ts';
import { createSellerRepository } from '../sellers/sellers.repository.ts';
import { createOrderDelivery } from './order-delivery.ts';
import { createOrderKeys } from './order-keys.ts';
import { createOrderRepository } from './orders.repository.ts';
import { createOrderService, type OrderCoupons } from './orders.service.ts';

/** Unpaid orders hold their keys this long unless ORDER_RESERVATION_MINUTES says otherwise. */
export const DEFAULT_RESERVATION_MINUTES = 15;

/**
 * The order service wired from the app's dependencies: one place for the app's routes, the
 * expiry job in main.ts and the tests (which drive it on the same database).
 */
export function buildOrderService(
  deps: Pick<
    AppDeps,
    'db' | 'vault' | 'mailer' | 'publicOrigin' | 'log' | 'vatRateBps' | 'orderReservationMinutes'
  >,
  extra: { coupons?: OrderCoupons; clock?: () => Date; fraud?: FraudConfig } = {},
) {
  const orders = createOrderRepository(deps.db);
  const keys = createKeyRepository(deps.db);
  const offers = createOfferRepository(deps.db);
  const products = createProductRepository(deps.db);
  const ledger = createLedgerRepository(deps.db);
  const pricing = createOfferPricing({
    offers,
    products,
    rates: createExchangeRateRepository(deps.db),
  });
  const orderKeys = createOrderKeys({ keys, offers, pricing });
  return createOrderService({
    orders,
    keys,
    offers,
    products,
    users: createUserRepository(deps.db),
    blocklist: createBlocklistRepository(deps.db),
    ledger,
    orderKeys,
    deliver: createOrderDelivery({
      orders,
      orderKeys,
      ledger,
      sellers: createSellerRepository(deps.db),
      mailer: deps.mailer,
      publicOrigin: deps.publicOrigin,
    }),
    vault: deps.vault,
    log: deps.log,
    settings: {
      reservationMinutes: deps.orderReservationMinutes ?? DEFAULT_RESERVATION_MINUTES,
      vatRateBps: deps.vatRateBps ?? DEFAULT_VAT_RATE_BPS,
      fraud: extra.fraud ?? FRAUD_DEFAULTS,
    },
    coupons: extra.coupons,
    clock: extra.clock,
  });
}
