import { z } from 'zod';
import { ApiTokenCreateSchema, ApiTokenCreatedSchema, ApiTokenSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { ApiTokenService } from './api-tokens.service.ts';

const token = rest(['the caller’s API tokens', 'one of the caller’s API tokens'], ApiTokenSchema);

/**
 * The seller console's `api-tokens` resource. Only a signed-in seller manages tokens: a token
 * itself is refused here (403), so one cannot mint another.
 */
export const sellerApiTokenRoutes = (service: ApiTokenService) =>
  routes('/seller/api-tokens', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      token.list({
        filter: z.object({ id: IdFilterSchema.optional() }),
        description: 'Newest first; no secret in any row, only the token’s first characters.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.page(
          currentUser(c).sellerId!,
          q.skip,
          q.limit,
          q.filter.id,
        );
        return listResponse(c, 'api-tokens', q, rows, total);
      },
    )
    .get('/:id', token.getOne(), async (c) =>
      c.json(await service.get(currentUser(c).sellerId!, c.req.param('id'))),
    )
    .post(
      '/',
      {
        summary: 'Create an API token',
        description:
          'The answer’s `token` is shown this once; the server keeps only its SHA-256. Send it as `Authorization: Bearer mkt_live_…` to the seller routes its scopes cover. 409 past 25 active tokens.',
        body: ApiTokenCreateSchema,
        errors: [409],
        recentSignIn: true,
        response: {
          status: 201,
          description: 'The token, with its secret',
          schema: ApiTokenCreatedSchema,
        },
      },
      async (c) => c.json(await service.create(currentUser(c), c.req.valid('json')), 201),
    )
    .delete(
      '/:id',
      token.remove({
        summary: 'Revoke an API token',
        description: 'For good: the token is refused from then on (the record stays, revoked).',
      }),
      async (c) => c.json(await service.revoke(currentUser(c).sellerId!, c.req.param('id'))),
    );
