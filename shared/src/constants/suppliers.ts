import { z } from 'zod';

/**
 * The key suppliers sellers source from (spec sections 1 and 9), as `apiName` names them on
 * offers and as `/api/admin/suppliers` lists them.
 */
export const SUPPLIER_IDS = ['prepaidforge', 'wock', 'codeswholesale', 'buygamesguru'] as const;
export type SupplierId = (typeof SUPPLIER_IDS)[number];
export const SupplierIdSchema = z.enum(SUPPLIER_IDS);

/** How people call them. */
export const SUPPLIER_NAMES: Record<SupplierId, string> = {
  prepaidforge: 'PrepaidForge',
  wock: 'Wock',
  codeswholesale: 'CodesWholesale',
  buygamesguru: 'BuyGamesGuru',
};
