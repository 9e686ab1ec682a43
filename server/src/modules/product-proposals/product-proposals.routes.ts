import { Hono } from 'hono';
import { z } from 'zod';
import {
  ProductProposalCreateSchema,
  ProposalRejectSchema,
  ProposalStatusSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { ProposalService } from './product-proposals.service.ts';

/** The proposal list filters of both consoles. */
export const ProposalFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  status: ProposalStatusSchema.optional(),
});

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

/** The seller console's `product-proposals`: propose, and follow one's own proposals. */
export const sellerProposalRoutes = (service: ProposalService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(ProposalFilterSchema, q.filter);
      const { rows, total } = await service.list(shopOf(c), filter, q);
      return listResponse(c, 'product-proposals', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'), shopOf(c))))
    .post('/', jsonBody(ProductProposalCreateSchema), async (c) =>
      c.json(await service.propose(shopOf(c), c.req.valid('json')), 201),
    );

/** The admin console's `product-proposals` with the approve and reject actions. */
export const adminProposalRoutes = (service: ProposalService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(ProposalFilterSchema, q.filter);
      const { rows, total } = await service.list(undefined, filter, q);
      return listResponse(c, 'product-proposals', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .post('/:id/approve', async (c) => c.json(await service.approve(c.req.param('id'))))
    .post('/:id/reject', jsonBody(ProposalRejectSchema), async (c) =>
      c.json(await service.reject(c.req.param('id'), c.req.valid('json').reason)),
    );
