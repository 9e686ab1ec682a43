import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';

/**
 * Invoices and credit notes (`/api/admin/invoices`, the buyer's
 * `/api/user/orders/:id/invoice`): every paid order gets an invoice from a gapless series per
 * year (`2026-000123`), every refund a credit note from its own (`CN-2026-000004`).
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const InvoiceKindSchema = z.enum(INVOICE_KINDS);

/** An invoice or credit note as the admin console lists it. */
export const AdminInvoiceSchema = z.object({
  id: z.string(),
  kind: InvoiceKindSchema,
  /** `2026-000123`, or `CN-2026-000004` for a credit note. */
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** A credit note: the invoice it corrects; an invoice: null. */
  invoiceNumber: z.string().nullable(),
  buyerEmail: z.string(),
  currency: CurrencySchema,
  /** Gross (VAT included); negative amounts are never stored: a credit note's are what goes back. */
  totalCents: z.number().int(),
  vatCents: z.number().int(),
  issuedAt: z.string(),
  /** Where the console downloads its PDF. */
  pdfUrl: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

/** The buyer's documents of one order: its invoice and its credit notes (numbers only). */
export const OrderInvoicesSchema = z.object({
  invoice: z.string().nullable(),
  creditNotes: z.array(z.string()),
});
export type OrderInvoices = z.infer<typeof OrderInvoicesSchema>;
