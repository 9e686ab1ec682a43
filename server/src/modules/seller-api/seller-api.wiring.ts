import type { Db } from 'mongodb';
import type { AuthUser } from '../../identity/auth-user.ts';
import type { Logger } from '../../logger.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import { createApiTokenFacade } from './api-tokens.facade.ts';
import { createApiTokenRepository } from './api-tokens.repository.ts';
import { createApiTokenService } from './api-tokens.service.ts';
import { createSellerEvents } from './seller-events.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';
import { createWebhookRepository } from './webhooks.repository.ts';
import { createWebhookService } from './webhooks.service.ts';

/** The seller API module built on the other modules' facades (one call in `container.ts`). */
export function createSellerApi(deps: {
  db: Db;
  vault: KeyVault;
  offers: Pick<OfferFacade, 'findById'>;
  orders: Pick<OrderFacade, 'approvedOfSellersSince'>;
  auditLog: Pick<AuditLog, 'record'>;
  /** Gives a token's minting account a users document when it has none (the users module). */
  accounts: { ensureProfile(caller: AuthUser): Promise<unknown> };
  log: Logger;
  tokenCacheMs: number;
  allowPrivateWebhookUrls: boolean;
}) {
  const { db, vault, log } = deps;
  const webhookRepository = createWebhookRepository(db);
  const webhooks = createWebhookService({
    webhooks: webhookRepository,
    vault,
    allowPrivateUrls: deps.allowPrivateWebhookUrls,
  });
  const tokens = createApiTokenService({
    tokens: createApiTokenRepository(db),
    cacheMs: deps.tokenCacheMs,
    auditLog: deps.auditLog,
    accounts: deps.accounts,
    log,
  });
  return {
    tokens,
    /** What the users and sellers modules may do to tokens (end an account's). */
    tokenFacade: createApiTokenFacade(tokens),
    webhooks,
    /** The `webhook-delivery` job's `deliverDue`. */
    delivery: createWebhookDelivery({
      webhooks: webhookRepository,
      vault,
      allowPrivateUrls: deps.allowPrivateWebhookUrls,
      log,
    }),
    /** Where sales, refunds, claims and low stock become webhook events. */
    events: createSellerEvents({ webhooks, offers: deps.offers, orders: deps.orders, log }),
  };
}
export type SellerApi = ReturnType<typeof createSellerApi>;
