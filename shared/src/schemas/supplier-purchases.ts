import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { SupplierIdSchema } from '../constants/suppliers.ts';

/**
 * Every purchase the marketplace makes at a supplier, as the admin console's
 * `supplier-purchases` resource lists it: our `clientRef`, what it cost, where it stands and how
 * many codes came back — never a code.
 *
 * `requested`: recorded before the supplier was called (a crash here is healed by asking the
 * supplier for the clientRef); `pending`: bought, codes not all there yet (pre-orders);
 * `stored`: every code is in the key vault; `failed`: the supplier refused, nothing was bought.
 */
export const SUPPLIER_PURCHASE_STATUSES = ['requested', 'pending', 'stored', 'failed'] as const;
export type SupplierPurchaseStatus = (typeof SUPPLIER_PURCHASE_STATUSES)[number];
export const SupplierPurchaseStatusSchema = z.enum(SUPPLIER_PURCHASE_STATUSES);

/** Why a purchase is made: one unit of a paid order line, or a seller's restock. */
export const SUPPLIER_PURCHASE_KINDS = ['onDemand', 'stock'] as const;
export const SupplierPurchaseKindSchema = z.enum(SUPPLIER_PURCHASE_KINDS);

const SupplierMoneySchema = z.object({
  cents: z.number().int(),
  currency: CurrencySchema,
});

export const AdminSupplierPurchaseSchema = z.object({
  id: z.string(),
  /** `<orderId>:<line>:<unit>` (on demand) or `stock:<offerId>:<batch>`; unique, ever. */
  clientRef: z.string(),
  kind: SupplierPurchaseKindSchema,
  supplier: SupplierIdSchema,
  connectionId: z.string(),
  sellerId: z.string(),
  offerId: z.string(),
  /** The order the unit was bought for (on demand); null for restocks. */
  orderId: z.string().nullable(),
  sku: z.string(),
  quantity: z.number().int().positive(),
  /** The most we agreed to pay per unit. */
  maxUnitPrice: SupplierMoneySchema,
  /** What the supplier charged per unit; null until it answered. */
  unitPrice: SupplierMoneySchema.nullable(),
  /** The supplier's id for the purchase; null until it answered. */
  supplierPurchaseId: z.string().nullable(),
  status: SupplierPurchaseStatusSchema,
  /** Codes stored in the vault so far. */
  codeCount: z.number().int().min(0),
  /** Why it failed (a `SupplierError` code and message); null otherwise. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminSupplierPurchase = z.infer<typeof AdminSupplierPurchaseSchema>;
