import { z } from 'zod';
import { AdminSupplierSchema, SupplierUpdateSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { pageInMemory } from '../../lib/list-page.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { SupplierService } from './suppliers.service.ts';

/** The admin console's supplier filter: on or off. */
export const SupplierFilterSchema = z.object({
  enabled: z.boolean().optional(),
  /** react-admin's getMany: only these suppliers. */
  id: IdFilterSchema.optional(),
});

const supplier = rest(['the key suppliers', 'a supplier'], AdminSupplierSchema);

/** `/api/admin/suppliers`: the four key suppliers and their marketplace-wide switch. */
export const adminSupplierRoutes = (service: SupplierService) =>
  routes('/admin/suppliers', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      supplier.list({
        filter: SupplierFilterSchema,
        description:
          'The four (`prepaidforge`, `wock`, `codeswholesale`, `buygamesguru`) in that order (`sort` by `id`: that order, or reversed), or those of `filter.id`; a supplier nobody switched is on.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        // By id means in the spec's order (what the console asks by default), DESC reversed.
        const all = await service.list(q.filter);
        const byId = q.sort?.field === 'id';
        const ordered = byId && q.sort!.order === -1 ? all.reverse() : all;
        const { rows, total } = pageInMemory(ordered, byId ? { ...q, sort: null } : q, q.filter.id);
        return listResponse(c, 'suppliers', q, rows, total);
      },
    )
    .get('/:id', supplier.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .put(
      '/:id',
      supplier.update({
        body: SupplierUpdateSchema,
        description:
          'Switches the supplier on or off for the whole marketplace. Audited when it changes.',
      }),
      async (c) =>
        c.json(await service.update(c.req.param('id'), c.req.valid('json'), auditContext(c))),
    );
