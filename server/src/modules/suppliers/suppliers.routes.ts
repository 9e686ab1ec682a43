import { z } from 'zod';
import { AdminSupplierSchema, SupplierUpdateSchema } from '@market/shared';
import { listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { SupplierService } from './suppliers.service.ts';

/** The admin console's supplier filter: on or off. */
export const SupplierFilterSchema = z.object({ enabled: z.boolean().optional() });

const supplier = rest(['the key suppliers', 'a supplier'], AdminSupplierSchema);

/** `/api/admin/suppliers`: the four key suppliers and their marketplace-wide switch. */
export const adminSupplierRoutes = (service: SupplierService) =>
  routes('/admin/suppliers', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      supplier.list({
        filter: SupplierFilterSchema,
        description:
          'Always the four (`prepaidforge`, `wock`, `codeswholesale`, `buygamesguru`), in that order; a supplier nobody switched is on.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const rows = await service.list(q.filter);
        return listResponse(c, 'suppliers', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
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
