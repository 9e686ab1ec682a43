import { z } from 'zod';
import {
  WebhookDeliveryFilterSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { WebhookService } from './webhooks.service.ts';

/** getMany's `id` filter, beside the console's own filters. */
const EndpointFilterSchema = z.object({ id: IdFilterSchema.optional() });
const DeliveryFilterSchema = WebhookDeliveryFilterSchema.extend({ id: IdFilterSchema.optional() });

const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const endpoint = rest(
  ['the caller’s webhook endpoints', 'one of the caller’s webhook endpoints'],
  WebhookEndpointSchema,
);
const delivery = rest(
  ['the caller’s webhook deliveries', 'one of the caller’s webhook deliveries'],
  WebhookDeliverySchema,
);

/**
 * The seller console's `webhooks` resource (endpoints) and `webhook-deliveries` (the delivery
 * log, with resend). Signed-in sellers only: API tokens are refused here (403).
 */
export const sellerWebhookRoutes = (service: WebhookService) => [
  routes('/seller/webhooks', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      endpoint.list({
        filter: EndpointFilterSchema,
        description: 'Newest first; no secret in any row.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.page(shopOf(c), q.skip, q.limit, q.filter.id);
        return listResponse(c, 'webhooks', q, rows, total);
      },
    )
    .get('/:id', endpoint.getOne(), async (c) =>
      c.json(await service.get(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/',
      {
        summary: 'Register a webhook endpoint',
        description:
          'Events are POSTed as JSON, signed in the `Market-Signature` header with the answer’s `secret` (shown this once; see docs/seller-api.md). Deployed, the URL must be https and public (400 otherwise). 409 past 10 endpoints.',
        body: WebhookEndpointCreateSchema,
        errors: [409],
        recentSignIn: true,
        response: {
          status: 201,
          description: 'The endpoint, with its signing secret',
          schema: WebhookEndpointCreatedSchema,
        },
      },
      async (c) => c.json(await service.create(shopOf(c), c.req.valid('json')), 201),
    )
    .put(
      '/:id',
      endpoint.update({
        description: 'A new URL or events, or enabled/disabled; enabling clears the failure count.',
        body: WebhookEndpointUpdateSchema,
        recentSignIn: true,
      }),
      async (c) => c.json(await service.update(shopOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/:id', endpoint.remove(), async (c) =>
      c.json(await service.remove(shopOf(c), c.req.param('id'))),
    ),
  routes('/seller/webhook-deliveries', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      delivery.list({
        filter: DeliveryFilterSchema,
        description:
          'Newest first unless `sort` names `createdAt`, `status`, `type`, `attempts` or `nextAttemptAt`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.deliveries(shopOf(c), q, q.filter);
        return listResponse(c, 'webhook-deliveries', q, rows, total);
      },
    )
    .get('/:id', delivery.getOne(), async (c) =>
      c.json(await service.delivery(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/:id/resend',
      {
        summary: 'Send a delivery again',
        description:
          'Queued at once with a fresh budget of attempts and the same event id. 409 while its endpoint is disabled or an attempt is under way.',
        response: {
          status: 200,
          description: 'The delivery, pending',
          schema: WebhookDeliverySchema,
        },
        errors: [409],
      },
      async (c) => c.json(await service.resend(shopOf(c), c.req.param('id'))),
    ),
];
