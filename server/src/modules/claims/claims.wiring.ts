import type { Db } from 'mongodb';
import type { Logger } from '../../logger.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { Mails } from '../mails/mails.ts';
import type { RefundService } from '../refunds/refunds.service.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { SupplierFulfilment } from '../supplier-fulfilment/supplier-fulfilment.ts';
import { createClaimMachine } from './claim-machine.ts';
import { createClaimResolution } from './claim-resolution.ts';
import { createClaimRepository, type ClaimDoc } from './claims.repository.ts';
import { createClaimService } from './claims.service.ts';
import { createDefectRates } from './defect-rate.ts';

/** The claims module built on the other modules' facades (one call in `container.ts`). */
export function createClaims(deps: {
  db: Db;
  orders: OrderFacade;
  keys: KeyFacade;
  offers: OfferFacade;
  sellers: SellerFacade;
  pricing: OfferPricing;
  refunds: Pick<RefundService, 'refund'>;
  supplierFulfilment: Pick<SupplierFulfilment, 'buyReplacement'>;
  mails: Mails;
  auditLog: Pick<AuditLog, 'record'>;
  publicOrigin: string;
  holdbackDays: number;
  responseHours: number;
  log: Logger;
  clock?: () => Date;
  onReported?: (claim: ClaimDoc) => Promise<void>;
}) {
  const now = deps.clock ?? (() => new Date());
  const claims = createClaimRepository(deps.db);
  const move = createClaimMachine(claims, now);
  const defectRates = createDefectRates({ claims, keys: deps.keys, sellers: deps.sellers, now });
  const resolution = createClaimResolution({
    ...{ claims, move, now },
    orders: deps.orders,
    keys: deps.keys,
    offers: deps.offers,
    pricing: deps.pricing,
    supplierReplacement: (order, item, ref) =>
      deps.supplierFulfilment.buyReplacement(order, item, ref),
    refundLine: async (order, item, reason, ctx) => {
      await deps.refunds.refund(
        order._id.toHexString(),
        { itemId: item._id.toHexString(), reason },
        ctx,
      );
    },
    mails: deps.mails,
    publicOrigin: deps.publicOrigin,
    recount: async (sellerId) => {
      await defectRates.recount(sellerId);
    },
    log: deps.log,
  });
  const service = createClaimService({
    ...{ claims, move, resolution, now },
    orders: deps.orders,
    keys: deps.keys,
    mails: deps.mails,
    auditLog: deps.auditLog,
    publicOrigin: deps.publicOrigin,
    holdbackDays: deps.holdbackDays,
    responseHours: deps.responseHours,
    log: deps.log,
    onReported: deps.onReported,
  });
  return { service, defectRates };
}
