import type { Locale } from '@market/shared';

/** The printed words of an invoice and a credit note, English. */
const en = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  number: 'Number',
  issued: 'Date of issue',
  paid: 'Date of supply and payment',
  order: 'Order',
  correctsInvoice: 'Corrects invoice',
  reason: 'Reason',
  issuer: 'Issued by',
  issuerRole:
    'Supplier for VAT purposes: the marketplace facilitating the supply (Directive 2006/112/EC art. 14a, Regulation 282/2011 art. 9a)',
  buyer: 'Customer',
  vatNumber: 'VAT number',
  vatCountry: 'VAT due in',
  outsideEu: 'outside the EU: no EU VAT',
  line: 'Item',
  seller: 'Sold by',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  rate: 'VAT rate',
  vat: 'VAT',
  net: 'Net',
  gross: 'Total',
  vatSummary: 'VAT by rate',
  totalNet: 'Taxable amount',
  totalVat: 'VAT',
  totalGross: 'Total paid',
  totalCredited: 'Total credited',
  zeroRated: 'No VAT charged on this line (seller outside the VAT scheme or exempt voucher).',
  prices: 'Prices include VAT. Amounts in',
} as const;

type InvoiceTexts = Record<keyof typeof en, string>;

const it: InvoiceTexts = {
  invoice: 'Fattura',
  creditNote: 'Nota di credito',
  number: 'Numero',
  issued: 'Data di emissione',
  paid: 'Data della cessione e del pagamento',
  order: 'Ordine',
  correctsInvoice: 'Rettifica la fattura',
  reason: 'Motivo',
  issuer: 'Emessa da',
  issuerRole:
    'Fornitore ai fini IVA: il marketplace che facilita la cessione (Direttiva 2006/112/CE art. 14 bis, Regolamento 282/2011 art. 9 bis)',
  buyer: 'Cliente',
  vatNumber: 'Partita IVA',
  vatCountry: 'IVA dovuta in',
  outsideEu: "fuori dall'UE: nessuna IVA UE",
  line: 'Articolo',
  seller: 'Venduto da',
  quantity: 'Qtà',
  unitPrice: 'Prezzo unitario',
  discount: 'Sconto',
  rate: 'Aliquota',
  vat: 'IVA',
  net: 'Imponibile',
  gross: 'Totale',
  vatSummary: 'Riepilogo IVA',
  totalNet: 'Imponibile',
  totalVat: 'IVA',
  totalGross: 'Totale pagato',
  totalCredited: 'Totale accreditato',
  zeroRated: 'Nessuna IVA su questa riga (venditore fuori dal regime IVA o buono esente).',
  prices: 'Prezzi IVA inclusa. Importi in',
};

/** The words of the document's language (the buyer's, frozen on the document). */
export const invoiceTexts = (locale: Locale): InvoiceTexts => (locale === 'it' ? it : en);

/** Cents as money in the document's language. */
export const moneyIn = (locale: Locale, currency: string) => {
  const format = new Intl.NumberFormat(locale === 'it' ? 'it-IT' : 'en-IE', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  return (cents: number) => format.format(cents / 100);
};

/** A date as the document prints it (the issuer's calendar day). */
export const dateIn = (locale: Locale) => {
  const format = new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (at: Date) => format.format(at);
};

/** Basis points as a rate: 2200 → `22%`, 550 → `5.5%`. */
export const rateOf = (bps: number) => `${bps / 100}%`;

/** A country's name in the document's language (`IT` → Italy, Italia), its code otherwise. */
export const countryName = (locale: Locale, code: string) =>
  new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
