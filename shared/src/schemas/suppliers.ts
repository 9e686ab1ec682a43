import { z } from 'zod';
import { SupplierIdSchema } from '../constants/suppliers.ts';

/** A supplier in the admin console's `suppliers` resource. */
export const AdminSupplierSchema = z.object({
  id: SupplierIdSchema,
  name: z.string(),
  /** Off: no seller may connect, buy or sync through it, for the whole marketplace. */
  enabled: z.boolean(),
  /** When an admin last switched it, and who; null while it was never switched. */
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSupplier = z.infer<typeof AdminSupplierSchema>;

/** `PUT /api/admin/suppliers/:id`: switch a supplier on or off. */
export const SupplierUpdateSchema = z.object({ enabled: z.boolean() });
export type SupplierUpdate = z.infer<typeof SupplierUpdateSchema>;
