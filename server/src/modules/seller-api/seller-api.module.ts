import type { ModuleDeclaration } from '../../runtime/module.ts';
import { apiTokenIndexes } from './api-tokens.repository.ts';
import { sellerApiTokenRoutes } from './api-tokens.routes.ts';
import type { ApiTokenService } from './api-tokens.service.ts';
import { webhookDeliveryIndexes, webhookEndpointIndexes } from './webhooks.repository.ts';
import { sellerWebhookRoutes } from './webhooks.routes.ts';
import type { WebhookService } from './webhooks.service.ts';

/**
 * The seller API: sellers' tokens and webhook endpoints, and its webhooks' jobs: events recorded
 * before delivery are sent (retried with backoff), and sales of the last two hours whose event a
 * crash lost are recorded again (same event ids).
 */
export const sellerApiModule = (given: {
  tokens: ApiTokenService;
  webhooks: WebhookService;
  delivery: { deliverDue(): Promise<unknown> };
  events: { sweepSales(withinMs: number): Promise<unknown> };
  deliveryEveryMs: number;
}): ModuleDeclaration => ({
  name: 'seller-api',
  indexes: {
    apiTokens: apiTokenIndexes,
    webhookEndpoints: webhookEndpointIndexes,
    webhookDeliveries: webhookDeliveryIndexes,
  },
  routes: () => [sellerApiTokenRoutes(given.tokens), ...sellerWebhookRoutes(given.webhooks)],
  jobs: [
    {
      name: 'webhook-delivery',
      everyMs: given.deliveryEveryMs,
      run: () => given.delivery.deliverDue(),
    },
    {
      name: 'webhook-sale-sweep',
      everyMs: 5 * 60_000,
      run: () => given.events.sweepSales(2 * 3_600_000),
    },
  ],
});
