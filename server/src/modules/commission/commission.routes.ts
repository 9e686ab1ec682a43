import { z } from 'zod';
import { CommissionRuleSchema, CommissionRuleWriteSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import { toObjectIds } from '../offers/object-ids.ts';
import { toCommissionRule, type CommissionService } from './commission.service.ts';

export const CommissionRuleFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  sellerId: z.string().max(128).optional(),
});

const rule = rest(['commission rules', 'a commission rule'], CommissionRuleSchema);

/** The admin console's `commission-rules` resource (ra-data-simple-rest). */
export const adminCommissionRoutes = (service: CommissionService) =>
  routes('/admin/commission-rules', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      rule.list({
        filter: CommissionRuleFilterSchema,
        description:
          'Newest first. The rule of a line: the seller’s for its category, the seller’s for any, the category’s, the default (no seller, no category), else MARKETPLACE_FEE_BPS / MARKETPLACE_FEE_FIXED_CENTS.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, sellerId } = q.filter;
        const { rows, total } = await service.page(q, {
          ...(id !== undefined && { id: toObjectIds(id) }),
          ...(sellerId && { sellerId }),
        });
        return listResponse(c, 'commission-rules', q, rows.map(toCommissionRule), total);
      },
    )
    .get('/:id', rule.getOne(), async (c) =>
      c.json(toCommissionRule(await service.get(c.req.param('id')))),
    )
    .post(
      '/',
      rule.create({
        body: CommissionRuleWriteSchema,
        description: 'One rule per seller and category: 409 when the pair has one.',
        errors: [409],
      }),
      async (c) =>
        c.json(toCommissionRule(await service.create(c.req.valid('json'), auditContext(c))), 201),
    )
    .put('/:id', rule.update({ body: CommissionRuleWriteSchema, errors: [409] }), async (c) =>
      c.json(
        toCommissionRule(
          await service.update(c.req.param('id'), c.req.valid('json'), auditContext(c)),
        ),
      ),
    )
    .delete('/:id', rule.remove(), async (c) =>
      c.json(toCommissionRule(await service.remove(c.req.param('id'), auditContext(c)))),
    );
