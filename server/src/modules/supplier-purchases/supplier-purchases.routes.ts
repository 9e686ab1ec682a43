import { z } from 'zod';
import {
  AdminSupplierPurchaseSchema,
  SupplierIdSchema,
  SupplierPurchaseStatusSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { SupplierPurchaseService } from './supplier-purchases.service.ts';

/** The admin console's supplier purchase filters. */
export const SupplierPurchaseFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  status: SupplierPurchaseStatusSchema.optional(),
  supplier: SupplierIdSchema.optional(),
  orderId: z.string().min(1).max(64).optional(),
  sellerId: z.string().min(1).max(64).optional(),
});

const purchase = rest(['supplier purchases', 'a supplier purchase'], AdminSupplierPurchaseSchema);

/** `/api/admin/supplier-purchases`: every purchase at a supplier, newest first; never a code. */
export const adminSupplierPurchaseRoutes = (service: SupplierPurchaseService) =>
  routes('/admin/supplier-purchases', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      purchase.list({
        filter: SupplierPurchaseFilterSchema,
        description:
          'Newest first unless `sort` names `createdAt`, `updatedAt`, `status`, `supplier` or `clientRef`. Codes are never listed: `codeCount` says how many are in the vault.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q, q.filter);
        return listResponse(c, 'supplier-purchases', q, rows, total);
      },
    )
    .get('/:id', purchase.getOne(), async (c) => c.json(await service.get(c.req.param('id'))));
