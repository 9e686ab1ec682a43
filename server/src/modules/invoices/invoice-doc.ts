import type { ObjectId } from 'mongodb';
import type { Currency, InvoiceKind, Locale } from '@market/shared';

/** A party as the document names it: frozen at issue, never read again from its source. */
export type PartySnapshot = {
  name: string;
  address: string | null;
  vatNumber: string | null;
  /** ISO 3166-1 alpha-2, when known. */
  country: string | null;
};

/** The buyer: a consumer, named by the account and its email; country where VAT was due. */
export type BuyerSnapshot = { name: string; email: string; country: string | null };

/** A seller's trader details (DSA art. 30), as held when the document was issued. */
export type TraderSnapshot = {
  id: string;
  name: string;
  registrationName: string;
  vatNumber: string;
  address: string | null;
};

/** One line: gross (VAT included, after its share of the coupon), its rate and its VAT. */
export type InvoiceLineDoc = {
  itemId: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** The line's share of the coupon's discount (already out of `grossCents`). */
  discountCents: number;
  grossCents: number;
  vatRateBps: number;
  /** The offer carries no VAT (a seller outside the VAT system, an exempt voucher). */
  zeroVat: boolean;
  vatCents: number;
  netCents: number;
  seller: TraderSnapshot;
};

/** Per VAT rate: the taxable amount and the tax (Directive 2006/112/EC art. 226 (8)–(10)). */
export type VatSummaryDoc = { rateBps: number; netCents: number; vatCents: number };

/**
 * An issued invoice or credit note: everything the PDF prints, frozen at issue (the document
 * is immutable; the PDF is rendered from this alone, so the same document prints the same
 * text). `series` + `seq` are unique: the number exists exactly when the document does.
 */
export type InvoiceDoc = {
  _id: ObjectId;
  kind: InvoiceKind;
  /** `2026` (invoices of 2026) or `CN-2026` (credit notes of 2026). */
  series: string;
  /** 1, 2, 3 … within the series, without a gap. */
  seq: number;
  /** `<series>-<seq, six digits>`: `2026-000123`, `CN-2026-000004`. */
  number: string;
  orderId: ObjectId;
  orderNumber: string;
  /** Credit notes only: the refund they document and the invoice they correct. */
  refundId?: ObjectId;
  invoiceNumber?: string;
  reason?: string;
  userId: string;
  locale: Locale;
  issuer: PartySnapshot;
  buyer: BuyerSnapshot;
  lines: InvoiceLineDoc[];
  vatSummary: VatSummaryDoc[];
  currency: Currency;
  totals: { netCents: number; vatCents: number; grossCents: number; discountCents: number };
  /** Where VAT was due (the order's `tax.country`; IT for orders from before it). */
  taxCountry: string | null;
  /** When the supply was paid for (the order's approval). */
  paidAt: Date;
  issuedAt: Date;
};

/** The printed number of a series' `seq`th document. */
export const numberOf = (series: string, seq: number) =>
  `${series}-${String(seq).padStart(6, '0')}`;

/** The year in Italy, the issuer's calendar (made once: a formatter costs ~0.2 ms to build). */
const issuerYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' });

/** The series of documents of `kind` issued at `at`: the calendar year in Italy, the issuer's. */
export function seriesOf(kind: InvoiceKind, at: Date): string {
  const year = issuerYear.format(at);
  return kind === 'invoice' ? year : `CN-${year}`;
}
