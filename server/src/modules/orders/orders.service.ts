import type { Logger } from '../../logger.ts';
import type { OfferLinePricing } from '../cart/cart-pricing.ts';
import type { BlocklistFacade } from '../fraud/blocklist.facade.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { OrderMails } from '../mails/order-mails.ts';
import type { UserFacade } from '../users/users.facade.ts';
import { createBuyerKeys } from './buyer-keys.ts';
import { createOrderDecisions } from './order-decisions.ts';
import type { OrderDelivery } from './order-delivery.ts';
import type { OrderKeys } from './order-keys.ts';
import { createOrderPlacement } from './order-placement.ts';
import { createOrderQueries } from './order-queries.ts';
import { createOrderRecovery } from './order-recovery.ts';
import type { OrderCoupons, OrderSettings, OrderVat } from './order-settings.ts';
import type { OrderRepository } from './orders.repository.ts';

export type { PaymentFacts } from './order-decisions.ts';
export type { OrderCoupons, OrderSettings, OrderVat } from './order-settings.ts';

/**
 * Orders, one job per file: placement (`order-placement.ts`), decisions and payments
 * (`order-decisions.ts`), expiry and recovery (`order-recovery.ts`), reading
 * (`order-queries.ts`) and the buyer's access to their keys (`buyer-keys.ts`). This puts them
 * together on the one repository and clock. See README.md for the crash-safety rules.
 */
export function createOrderService(deps: {
  orders: OrderRepository;
  keys: KeyFacade;
  users: Pick<UserFacade, 'findById'>;
  blocklist: Pick<BlocklistFacade, 'matches'>;
  priceOffer: OfferLinePricing;
  orderKeys: OrderKeys;
  deliver: OrderDelivery;
  mails: OrderMails;
  vault: KeyVault;
  log: Logger;
  settings: OrderSettings;
  coupons?: OrderCoupons | undefined;
  /** The buyer's country's VAT (modules/vat); absent: every order at the shop's rate. */
  vat?: OrderVat | undefined;
  clock?: () => Date;
}) {
  const { orders, keys, orderKeys, deliver, settings, log, coupons } = deps;
  const now = deps.clock ?? (() => new Date());
  const queries = createOrderQueries({ orders, keys });
  const { findOrder } = queries;
  const decisions = createOrderDecisions({
    ...{ orders, keys, orderKeys, deliver, findOrder, settings, log, coupons, now },
    mails: deps.mails,
    users: deps.users,
    blocklist: deps.blocklist,
  });
  const placement = createOrderPlacement({
    ...{ orders, orderKeys, settings, coupons, now },
    priceOffer: deps.priceOffer,
    decide: decisions.decide,
    vat: deps.vat,
  });
  const recovery = createOrderRecovery({
    ...{ orders, keys, orderKeys, deliver, decisions, log, now },
    coupons: coupons !== undefined,
  });
  return {
    ...placement,
    decide: decisions.decide,
    recordPayment: decisions.recordPayment,
    decideAsAdmin: decisions.decideAsAdmin,
    ...recovery,
    ...queries,
    ...createBuyerKeys({ orders, keys, vault: deps.vault, clock: now }),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
