import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { SupplierIdSchema, type SupplierId } from '../constants/suppliers.ts';
import { SupplierCredentialsSchemas } from './suppliers.ts';

/**
 * A seller's connection to their own account at a supplier (`/api/seller/supplier-connections`).
 * The credentials go in, never out: a record carries only a hint to recognise them by.
 */

/** `untested` until the first test (and again after new credentials); then the last test's outcome. */
export const CONNECTION_STATUSES = ['ok', 'failing', 'untested'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const ConnectionStatusSchema = z.enum(CONNECTION_STATUSES);

/** A connection's circuit breaker: `open` while calls to the supplier fail fast. */
export const BREAKER_STATES = ['closed', 'open', 'half-open'] as const;
export const BreakerStateSchema = z.enum(BREAKER_STATES);

const LabelSchema = z
  .string()
  .trim()
  .min(1, 'A label is required')
  .max(80, 'At most 80 characters');

/** What the last test found: the account's balance, or why the supplier could not be used. */
export const ConnectionCheckSchema = z.object({
  at: z.iso.datetime(),
  ok: z.boolean(),
  balance: z.object({ cents: z.number().int(), currency: CurrencySchema }).nullable(),
  error: z.string().nullable(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheckSchema>;

/** A connection as the seller console shows it. No credential field, ever. */
export const SellerSupplierConnectionSchema = z.object({
  id: z.string(),
  supplier: SupplierIdSchema,
  label: z.string(),
  /** Enough to recognise the account: `…a1b2` (a key's or client id's last four), or the email. */
  credentialsHint: z.string(),
  status: ConnectionStatusSchema,
  lastCheck: ConnectionCheckSchema.nullable(),
  /** This server's adapter for the connection; `closed` while none has been built yet. */
  breaker: BreakerStateSchema,
  lastSyncAt: z.iso.datetime().nullable(),
  /** The latest failure of any call through the connection (a test, a sync, a purchase). */
  lastError: z.object({ at: z.iso.datetime(), message: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SellerSupplierConnection = z.infer<typeof SellerSupplierConnectionSchema>;

const NOT_A_SUPPLIER = 'Choose one of the suppliers';

const createBody = <Id extends SupplierId>(supplier: Id) =>
  z.object({
    supplier: z.literal(supplier),
    label: LabelSchema,
    credentials: SupplierCredentialsSchemas[supplier],
  });

/**
 * Body of `POST /api/seller/supplier-connections`: the credentials' shape follows `supplier`, so
 * a bad field answers with its path (`credentials.clientId`).
 */
export const SupplierConnectionCreateSchema = z.discriminatedUnion(
  'supplier',
  [
    createBody('prepaidforge'),
    createBody('wock'),
    createBody('codeswholesale'),
    createBody('buygamesguru'),
  ],
  { error: NOT_A_SUPPLIER },
);
export type SupplierConnectionCreate = z.infer<typeof SupplierConnectionCreateSchema>;

const updateBody = <Id extends SupplierId>(supplier: Id) =>
  z.object({
    supplier: z.literal(supplier),
    label: LabelSchema.optional(),
    /** New credentials replace the old ones (the connection is untested again); left out: kept. */
    credentials: SupplierCredentialsSchemas[supplier].optional(),
  });

/**
 * Body of `PUT /api/seller/supplier-connections/:id`. react-admin sends the whole record, so
 * `supplier` is there to pick the credentials' shape; it must be the connection's own. Other
 * fields are ignored.
 */
export const SupplierConnectionUpdateSchema = z.discriminatedUnion(
  'supplier',
  [
    updateBody('prepaidforge'),
    updateBody('wock'),
    updateBody('codeswholesale'),
    updateBody('buygamesguru'),
  ],
  { error: NOT_A_SUPPLIER },
);
export type SupplierConnectionUpdate = z.infer<typeof SupplierConnectionUpdateSchema>;
