import { z } from 'zod';
import { SupplierIdSchema } from '../constants/suppliers.ts';

/** A supplier in the admin console's `suppliers` resource. */
export const AdminSupplierSchema = z.object({
  id: SupplierIdSchema,
  name: z.string(),
  /** Off: no seller may connect, buy or sync through it, for the whole marketplace. */
  enabled: z.boolean(),
  /** How many sellers have connected their account at the supplier. */
  connections: z.number().int().min(0),
  /** Purchases at the supplier in the last 24 hours, and the share of them that failed (null: none). */
  purchases24h: z.number().int().min(0),
  errorRate: z.number().min(0).max(1).nullable(),
  /** Connections whose circuit breaker is open or half-open now (calls fail fast). */
  breakers: z.object({ open: z.number().int().min(0), halfOpen: z.number().int().min(0) }),
  /** When an admin last switched it, and who; null while it was never switched. */
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSupplier = z.infer<typeof AdminSupplierSchema>;

/** `PUT /api/admin/suppliers/:id`: switch a supplier on or off. */
export const SupplierUpdateSchema = z.object({ enabled: z.boolean() });
export type SupplierUpdate = z.infer<typeof SupplierUpdateSchema>;

const secret = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(500);

/**
 * What a seller types to connect their own account at each supplier. Stored encrypted with the
 * key vault and never answered back. Wock's and BuyGamesGuru's are provisional, as their APIs
 * are (see each adapter's README).
 */
export const SupplierCredentialsSchemas = {
  /** OAuth client credentials; the signature only verifies postbacks. */
  codeswholesale: z.object({
    clientId: secret('Client id'),
    clientSecret: secret('Client secret'),
    clientSignature: z.string().trim().max(500).optional(),
  }),
  /** The account's sign-in, exchanged for an API token (`signInWithApi`). */
  prepaidforge: z.object({
    email: z.email({ error: 'Enter the account’s email address' }).max(254),
    password: secret('Password'),
  }),
  wock: z.object({ apiKey: secret('API key') }),
  buygamesguru: z.object({ apiKey: secret('API key') }),
} as const;
export type SupplierCredentials = {
  [K in keyof typeof SupplierCredentialsSchemas]: z.infer<(typeof SupplierCredentialsSchemas)[K]>;
};
